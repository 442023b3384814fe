import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, within } from "storybook/test";
import { roomApi, roomMessages } from "../../resources/rooms/room-api";
import { okEnvelope } from "../mock-api";
import { RoomSite } from "../../src/features/rooms/site/room-site";
import { RoomTransport } from "../../src/features/rooms/site/room-transport";
import type { ScreenParameters } from "../support/screen-parameters";
import { assistantEntry, guestEntry, liveRecordings, sampleChapters, sampleDocs, sampleLive, sampleRecordings, studentEntry, teacherEntry, welcomeOf } from "./room-fixtures";
import { scriptedTransport, type RoomScript } from "./scripted-room";

/**
 * The built-in live room (src/features/rooms/site): every state of a page in a room, its WebSocket
 * played from a script (scripted-room.ts) instead of the server.
 */
function Room({ script }: { script: RoomScript }) {
  const transport = useMemo(() => scriptedTransport(script), [script]);
  return (
    <RoomTransport.Provider value={transport.open}>
      <RoomSite />
    </RoomTransport.Provider>
  );
}

const meta = {
  title: "Rooms/Live room",
  render: (_args, { parameters }) => <Room script={(parameters as { script: RoomScript }).script} />,
  parameters: {
    initialEntries: ["/room/?token=story&nickname=赵同学"],
    // The room's own calls (its courseware, its chapters), answered as the server would.
    api: [
      [roomApi.docs, okEnvelope(sampleDocs)],
      [roomApi.chapters, okEnvelope(sampleChapters)],
      [roomApi.markChapter, okEnvelope({ id: 9, title: "章节 4", offset_ms: 2_530_000 })],
    ],
  } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student in a large class: the live's state, who is here, the chat; sending a message shows it. */
export const StudentLargeClass: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: sampleLive.title })).toBeVisible();
    await expect(canvas.getByText("在线 4 人")).toBeVisible();
    await userEvent.type(canvas.getByRole("textbox", { name: "聊天内容" }), "我懂了{Enter}");
    await expect(await canvas.findByText("我懂了")).toBeVisible();
  },
};

/** A large class whose external stream address is configured (LIVE_STREAM_URL). */
export const WithStreamAddress: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { live: { ...sampleLive, streamUrl: "https://live.example.cn/hls/8f3a.m3u8" } }) } },
};

/** The teacher of a large class (issue 18): publish the camera or the screen, pause, 结束直播. */
export const TeacherLargeClass: Story = {
  parameters: { script: { answer: welcomeOf(teacherEntry) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "开启摄像头" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "结束直播" })).toBeVisible();
  },
};

/** The assistant the teacher gave the floor to: the publisher's camera and screen, and no 结束直播 (the live stays the teacher's to end). */
export const AssistantWithFloor: Story = {
  parameters: { script: { answer: welcomeOf(assistantEntry, { live: { ...sampleLive, broadcast: { state: "waiting", playlist: "", floor: { key: assistantEntry.key, name: assistantEntry.name } } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "开启摄像头" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "结束直播" })).toBeNull();
  },
};

/** The teacher who gave the floor away: who holds it, and 收回发言权. */
export const TeacherGaveFloor: Story = {
  parameters: { script: { answer: welcomeOf(teacherEntry, { live: { ...sampleLive, broadcast: { state: "live", playlist: "/p", floor: { key: assistantEntry.key, name: assistantEntry.name } } } }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "收回发言权" })).toBeVisible();
  },
};

/** A student of a large class whose teacher stepped away mid-live: said in words until the stream is back. */
export const LargeClassPaused: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { live: { ...sampleLive, broadcast: { state: "waiting", playlist: "/api/v1/room/hls/42/0123456789abcdef0123456789abcdef/live.m3u8", floor: null } } }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.broadcastPaused)).toBeVisible();
  },
};

/** A student of a large class after 结束直播. */
export const LargeClassEnded: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { live: { ...sampleLive, broadcast: { state: "ended", playlist: "/api/v1/room/hls/42/0123456789abcdef0123456789abcdef/live.m3u8", floor: null } } }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.broadcastEnded)).toBeVisible();
  },
};

/** The teacher of a small class, before turning the camera on. */
export const TeacherSmallClass: Story = {
  parameters: { script: { answer: welcomeOf(teacherEntry, { live: { ...sampleLive, livetype: 0, smallClass: true } }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "开启摄像头" })).toBeVisible();
  },
};

/** A student of a small class, waiting for the teacher's camera. */
export const StudentSmallClass: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { live: { ...sampleLive, livetype: 0, smallClass: true } }) } },
};

/** A share viewer whose message waits for review: marked 待审核, shown only to it and the staff. */
export const HeldForReview: Story = {
  parameters: { script: { answer: welcomeOf(guestEntry), held: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole("textbox", { name: "聊天内容" }), "请问有课件吗{Enter}");
    await expect(await canvas.findByText("请问有课件吗")).toBeVisible();
  },
};

/** The server refused a message (too fast): the line under the chat says so. */
export const ChatRefused: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry), then: [{ t: "error", msg: roomMessages.chatTooFast }] } },
};

/** The phone layout (/room/h5/): one column. */
export const Phone: Story = {
  parameters: { initialEntries: ["/room/h5/?token=story&nickname=赵同学"], script: { answer: welcomeOf(studentEntry) } },
  globals: { viewport: { value: "mobile2" } },
};

/** The playback room with recordings. */
export const Playback: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { playType: 2, live: { ...sampleLive, state: 2 }, recordings: sampleRecordings, present: [], chat: [] }) } },
};

/** The playback room of a live whose teacher marked chapters: each seeks the live's recording to its place; the courseware below. */
export const PlaybackChapters: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { playType: 2, live: { ...sampleLive, state: 2 }, recordings: liveRecordings, present: [], chat: [] }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: /函数图像/ })).toBeVisible();
    await expect(await canvas.findByRole("link", { name: "预览下载 函数图像.pdf" })).toBeVisible();
  },
};

/** A viewer's 课件 tab: the live's files, each opened in a new window. */
export const Courseware: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: "课件" }));
    await expect(await canvas.findByRole("link", { name: "预览下载 函数图像.pdf" })).toBeVisible();
  },
};

/** The teacher of a large class on air: 标记章节 with the next title offered, and the chapters marked so far. */
export const TeacherMarksChapters: Story = {
  parameters: { script: { answer: welcomeOf(teacherEntry, { live: { ...sampleLive, broadcast: { state: "live", playlist: "/p", floor: null } } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "标记章节" }));
    await expect(await canvas.findByText("已标记章节：章节 4（42:10）")).toBeVisible();
  },
};

/** The playback room of a live that has none: said honestly. */
export const PlaybackNone: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry, { playType: 2, live: { ...sampleLive, state: 2 }, recordings: [], present: [], chat: [] }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.noReplay)).toBeVisible();
  },
};

/** The connection dropped: the page says it is reconnecting and keeps what it showed. */
export const Reconnecting: Story = {
  parameters: { script: { answer: welcomeOf(studentEntry), drops: true } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.reconnecting)).toBeVisible();
  },
};

/** The token is refused (expired, say): the page says so and goes no further. */
export const Refused: Story = {
  parameters: { script: { answer: { t: "error", msg: roomMessages.tokenInvalid, fatal: true } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.tokenInvalid)).toBeVisible();
  },
};

/** A small class already has six viewers. */
export const SmallClassFull: Story = {
  parameters: { script: { answer: { t: "error", msg: roomMessages.smallClassFull, fatal: true } } },
};

/** Waiting for the server's welcome. */
export const Connecting: Story = {
  parameters: { script: {} },
};
