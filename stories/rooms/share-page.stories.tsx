import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { roomApi, roomMessages, type ShareInfo } from "../../resources/rooms/room-api";
import { RoomSite } from "../../src/features/rooms/site/room-site";
import { failEnvelope, okEnvelope } from "../mock-api";
import type { ScreenParameters } from "../support/screen-parameters";
import { sampleShare } from "./room-fixtures";

/** A share link's page (2 §3 validator settings): each verification method, the registration form, a dead link. */
const meta = {
  title: "Rooms/Share link",
  render: () => <RoomSite />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const at = (info: Partial<ShareInfo>, query = "guid=g1&livetype=all", enter: object = okEnvelope({ token: "t", nick_name: "观众" })): ScreenParameters => ({
  initialEntries: [`/room/share?${query}`],
  api: [
    [roomApi.share, okEnvelope({ ...sampleShare, ...info })],
    [roomApi.shareEnter, enter],
  ],
});

/** No verification: one button into the live. */
export const Open: Story = { parameters: at({}) };

/** A name_ link asks the viewer's name first. */
export const AsksName: Story = {
  parameters: at({}, "guid=g1&livetype=all&byname=1"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "进入直播" }));
    await expect(await canvas.findByText(roomMessages.nameNeeded)).toBeVisible();
  },
};

/** Whitelist: a username and a password; a wrong pair is refused in the server's words. */
export const Whitelist: Story = {
  parameters: at({ check: 2 }, undefined, failEnvelope(403, roomMessages.whitelistWrong)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText("用户名"), "观众甲");
    await userEvent.type(canvas.getByLabelText("密码"), "nope");
    await userEvent.click(canvas.getByRole("button", { name: "进入直播" }));
    await expect(await canvas.findByText(roomMessages.whitelistWrong)).toBeVisible();
  },
};

/** One password for everyone. */
export const SinglePassword: Story = { parameters: at({ check: 3 }) };

/** Too many wrong answers from this address. */
export const TooManyTries: Story = { parameters: at({ check: 3 }, undefined, failEnvelope(429, roomMessages.tooManyTries)) };

/** The registration form is on: its fields, drawn from the live's settings. */
export const Registration: Story = {
  parameters: at({
    fields: [
      { formaDataType: 1, name: "手机号", placeholder: "请输入手机号", required: true, checkList: [] },
      { formaDataType: 3, name: "姓名", placeholder: "", required: true, checkList: [] },
      { formaDataType: 5, name: "年级", placeholder: "", required: true, checkList: ["高一", "高二", "高三"] },
      { formaDataType: 6, name: "感兴趣的科目", placeholder: "", required: false, checkList: ["数学", "物理"] },
    ],
  }),
};

/** The replay link of an ended live. */
export const Replay: Story = { parameters: at({ state: 2 }, "guid=r1&livetype=playback&replay=1") };

/** A link no live has (or a voided live's). */
export const DeadLink: Story = {
  parameters: { initialEntries: ["/room/share?guid=gone"], api: [[roomApi.share, failEnvelope(403, roomMessages.shareInvalid)]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.shareInvalid)).toBeVisible();
  },
};
