import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { failEnvelope, okEnvelope } from "../mock-api";
import { choosingIdentity } from "../support/answers";
import { identityLists } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import { expectToast } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Public/Identity",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/identity"] } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const cards = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(".ant-card")];
const cardTitles = (root: HTMLElement) => cards(root).map((card) => card.querySelector(".ant-card-head-title")?.textContent);

/** Checks the card size and the gap of the row for the number of cards shown. */
async function expectLayout(root: HTMLElement, titles: string[], width: number, gap: number) {
  await within(root).findByText(titles[0]);
  await expect(cardTitles(root)).toEqual(titles);
  for (const card of cards(root)) await expect(card.getBoundingClientRect().width).toBe(width);
  await expect(getComputedStyle(cards(root)[0].parentElement!).columnGap).toBe(`${gap}px`);
}

/** One type held in two organisations: one 400 px card with a choice preselected. */
export const OneCard: Story = {
  parameters: { api: choosingIdentity(okEnvelope(identityLists.oneCard)) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectLayout(canvasElement, ["我是机构"], 400, 60),
};

/** Two cards: 400 px each with a 60 px gap. */
export const TwoCards: Story = {
  parameters: { api: choosingIdentity(okEnvelope(identityLists.twoCards)) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectLayout(canvasElement, ["我是老师", "我是学生"], 400, 60),
};

/** Every type: 272 px cards with a 22 px gap, in the order admin, assistant, teacher, student. */
export const FourCards: Story = {
  parameters: { api: choosingIdentity(okEnvelope(identityLists.fourCards)) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectLayout(canvasElement, ["我是机构", "我是助教", "我是老师", "我是学生"], 272, 22),
};

/** The list could not be loaded: four empty cards, and entering any asks for a selection. */
export const FailedLoad: Story = {
  parameters: { api: choosingIdentity(failEnvelope(500, "服务异常")) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expectToast("服务异常");
    await expectLayout(canvasElement, ["我是机构", "我是助教", "我是老师", "我是学生"], 272, 22);
    await expect(within(canvasElement).queryAllByRole("radio")).toHaveLength(0);
    await userEvent.click(within(cards(canvasElement)[0]).getByRole("button"));
    await expectToast("请选择要登录的机构");
  },
};

/** A lone identity is entered at once; when the server refuses it, its card stays. */
export const LoneIdentityRefused: Story = {
  parameters: {
    api: [...choosingIdentity(okEnvelope(identityLists.lone)), [authApi.selectIdentity, failEnvelope(1, "机构已停用")]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expectToast("机构已停用");
    await expectLayout(canvasElement, ["我是机构"], 400, 60);
  },
};

/** A person with no identity at all is sent to the application page. */
export const NoIdentity: Story = {
  parameters: { api: choosingIdentity(okEnvelope({ admin: [], teacher: [], assistant: [], student: [] })) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("已离开控制台")).toBeVisible();
    await expect(within(canvasElement).getByText("浏览器将打开 /apply.html")).toBeVisible();
  },
};
