import dayjs, { type Dayjs } from "dayjs";

type Range = [Dayjs, Dayjs];

const today = () => dayjs().startOf("day");

/** The date-range shortcuts of date filters (1 §2.4 detail pages, the lists), computed when picked, not at load. */
export const datePresets: { label: string; value: () => Range }[] = [
  { label: "今天", value: () => [today(), today()] },
  { label: "昨天", value: () => [today().subtract(1, "day"), today().subtract(1, "day")] },
  { label: "最近一周", value: () => [today().subtract(7, "day"), today()] },
  { label: "最近一个月", value: () => [today().subtract(1, "month"), today()] },
  { label: "最近三个月", value: () => [today().subtract(3, "month"), today()] },
];
