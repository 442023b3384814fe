import { courseTypeLabels } from "../../../../resources/courses/course";
import { consumeTypeLabels, type TodayConsume } from "../../../../resources/stats/stats";
import type { SourceData } from "./dashboard-source";

export type FigureKey = "courseLive" | "todayLive" | "users" | "uvpv" | "todayConsume";

export interface FigureSpec<T> {
  fields: { key: keyof T & string; label: string; suffix?: string }[];
  /** Amounts in yuan, led by their total. */
  money?: boolean;
  /** The period the figures cover, when it is not obvious from the title. */
  note?: string;
  emptyText: string;
}

const consumeField = (key: keyof TodayConsume & string) => ({ key, label: consumeTypeLabels[key] });

/** The figure modules of the dashboard (1 §2.3, §3): which numbers each shows, in what words. */
export const figureSpecs: { [K in FigureKey]: FigureSpec<SourceData[K]> } = {
  courseLive: {
    fields: [
      { key: "course", label: "直播课程", suffix: "门" },
      { key: "live", label: "直播场次", suffix: "场" },
      { key: "vod", label: "点播课程", suffix: "门" },
    ],
    emptyText: "暂无课程",
  },
  todayLive: {
    fields: [
      { key: "total", label: "今日直播", suffix: "场" },
      { key: "used", label: "已开始", suffix: "场" },
      // The dashboard's counts by course type (1 §2.3 module 2): 1 large, 0 small, 5 double-teacher.
      { key: "big", label: courseTypeLabels["1"], suffix: "场" },
      { key: "samll", label: courseTypeLabels["0"], suffix: "场" },
      { key: "ass", label: courseTypeLabels["5"], suffix: "场" },
    ],
    emptyText: "今日暂无直播",
  },
  users: {
    fields: [
      { key: "teacher", label: "老师", suffix: "人" },
      { key: "assistant", label: "助教", suffix: "人" },
      { key: "student", label: "学生", suffix: "人" },
    ],
    emptyText: "暂无用户",
  },
  uvpv: {
    fields: [
      { key: "uv", label: "直播访客 UV", suffix: "人" },
      { key: "pv", label: "直播浏览 PV", suffix: "次" },
      { key: "vod_uv", label: "点播访客 UV", suffix: "人" },
      { key: "vod_pv", label: "点播浏览 PV", suffix: "次" },
    ],
    note: "近30天",
    emptyText: "近30天暂无访问",
  },
  todayConsume: {
    fields: [consumeField("live"), consumeField("replay"), consumeField("sms"), consumeField("voicesms")],
    money: true,
    emptyText: "今日暂无消费",
  },
};
