import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { filterWordsPage } from "../../resources/filter-words/forms";
import { TabbedFormsPage } from "../../src/engine/tabbed-forms-page";
import { EngineStage } from "../engine/engine-stage";
import type { ScreenParameters } from "../support/screen-parameters";
import { filterWordsAnswers } from "./filter-words-answers";

/** /filterWords (3 §2.4): the black list, and the white list while the group's chat review is on. */
const meta = {
  title: "Filter words/Sensitive words",
  render: () => (
    <EngineStage route="/filterWords">
      <TabbedFormsPage decl={filterWordsPage} />
    </EngineStage>
  ),
  parameters: { initialEntries: ["/filterWords"], api: filterWordsAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 8000 };

/** Chat review on: both lists, the black one open. */
export const WithWhiteList: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("海市")).toBeInTheDocument(), wait);
    await waitFor(() => expect(within(canvasElement).getByRole("tab", { name: "白名单" })).toBeInTheDocument(), wait);
  },
};

/** Chat review off: the black list alone. */
export const BlackListOnly: Story = {
  parameters: { api: filterWordsAnswers({ review: false }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("海市")).toBeInTheDocument(), wait);
    await expect(within(canvasElement).queryByRole("tab", { name: "白名单" })).toBeNull();
  },
};

/** A list with nothing in it yet. */
export const Empty: Story = {
  parameters: { api: filterWordsAnswers({ black: [], white: [] }) } satisfies ScreenParameters,
  play: ({ canvasElement }) => waitFor(() => expect(within(canvasElement).getByText("暂无敏感词")).toBeInTheDocument(), wait),
};
