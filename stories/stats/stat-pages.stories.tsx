import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { dashboardModules, statsApi } from "../../resources/stats/stats";
import type { ChartKey } from "../../src/features/stats/chart-specs";
import { StatPage } from "../../src/features/stats/stat-page";
import { failEnvelope, okEnvelope } from "../mock-api";
import type { ScreenParameters } from "../support/screen-parameters";
import { denseConcurrency } from "./stats-fixtures";
import { busyOrganisation, newOrganisation } from "./support/stats-answers";

/** The five statistics pages (3 §2.2): a range of days, last 30 by default, and one chart. */
const meta = {
  title: "Stats/Statistics pages",
  parameters: { api: busyOrganisation() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function page(chart: ChartKey): Story {
  const module = dashboardModules.find((candidate) => candidate.calls[0] === chart)!;
  return {
    render: () => (
      <div style={{ maxWidth: 1146, padding: 24 }}>
        <StatPage module={module} chart={chart} />
      </div>
    ),
    parameters: { initialEntries: [module.more!] } satisfies ScreenParameters,
  };
}

const chartDrawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector("[data-chart-state=drawn]")).not.toBeNull(), { timeout: 8000 });
const drawn: Story["play"] = async ({ canvasElement }) => {
  await chartDrawn(canvasElement);
};
const empty: Story["play"] = async ({ canvasElement }) => {
  await waitFor(() => expect(canvasElement.querySelector(".ant-empty")).not.toBeNull());
};

const withData = (chart: ChartKey): Story => ({ ...page(chart), play: drawn });
const withoutData = (chart: ChartKey): Story => {
  const story = page(chart);
  return { ...story, parameters: { ...story.parameters, api: newOrganisation() } satisfies ScreenParameters, play: empty };
};

export const LiveConcurrency = withData("liveOnline");
export const LiveConcurrencyEmpty = withoutData("liveOnline");
export const ReplayConcurrency = withData("replayOnline");
export const ReplayConcurrencyEmpty = withoutData("replayOnline");
export const ReplayBandwidth = withData("vodBandwidth");
export const ReplayBandwidthEmpty = withoutData("vodBandwidth");
export const Storage = withData("storage");
export const StorageEmpty = withoutData("storage");
export const StorageByKind = withData("storageV2");
export const StorageByKindEmpty = withoutData("storageV2");

/** Two days of minute buckets (2,880 points) drawn as about 1000, the 999-person spike kept. */
export const LiveConcurrencyDownsampled: Story = {
  ...page("liveOnline"),
  parameters: {
    initialEntries: ["/liveConcurrencyStat"],
    api: [[statsApi.liveOnline, okEnvelope(denseConcurrency(Date.now() - 2 * 86_400_000, 2880, 1700))]],
  } satisfies ScreenParameters,
  play: drawn,
};

/** The server refuses the query: its words are shown. */
export const Refused: Story = {
  ...page("liveOnline"),
  parameters: { initialEntries: ["/liveConcurrencyStat"], api: [[statsApi.liveOnline, failEnvelope(400, "最多请求31天数据")]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain("最多请求31天数据"));
  },
};

/**
 * An 80-day range typed in: refused with 最多请求31天数据 before any call, and the picker goes
 * back to the 30 days the chart shows. Today's point, still under way, is dashed and says 进行中.
 */
export const RangeRefused: Story = {
  ...page("liveOnline"),
  play: async ({ canvasElement }) => {
    await chartDrawn(canvasElement);
    const [start, end] = within(canvasElement).getAllByRole("textbox") as HTMLInputElement[];
    const shown = [start.value, end.value];
    await userEvent.click(start);
    await userEvent.clear(start);
    await userEvent.type(start, "2025-01-01{enter}");
    await userEvent.clear(end);
    await userEvent.type(end, "2025-03-21{enter}");
    await waitFor(() => expect(within(document.body).getByText("最多请求31天数据")).toBeTruthy());
    await waitFor(() => expect((within(canvasElement).getAllByRole("textbox") as HTMLInputElement[]).map((input) => input.value)).toEqual(shown));
  },
};
