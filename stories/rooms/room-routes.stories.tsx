import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { roomApi, roomMessages } from "../../resources/rooms/room-api";
import { roomRoutes } from "../../resources/rooms/rooms";
import { FoundationScreens } from "../support/foundation-screens";
import { session } from "../support/fixtures";
import { failEnvelope, okEnvelope } from "../mock-api";
import type { ScreenParameters } from "../support/screen-parameters";

/**
 * The room routes (2 §2 live rooms): the token with the route's user_type, then the live-room site
 * framed full-screen. Here the site is Storybook's stand-in page, which shows what it was sent.
 */
const meta = {
  title: "Rooms/Room routes",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const site = "/room-site-story.html#";

const entering = (route: string, role: "student" | "teacher" | "assistant", answer: object): ScreenParameters => ({
  initialEntries: [`${route}?mid=42&gid=1&roomproxy=proxy.example.cn`],
  hosts: { liveRoomUrl: site },
  api: [
    [authApi.tryLogin, session(role)],
    [roomApi.token, answer],
  ],
});

/** A student enters: the frame gets the token, the name, and the proxies passed on. */
export const StudentRoom: Story = {
  parameters: entering(roomRoutes.student, "student", okEnvelope({ token: "story-token", nick_name: "赵同学" })),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('iframe[title="直播间"]')?.getAttribute("src")).toContain("roomproxy=proxy.example.cn"), { timeout: 8000 });
  },
};

/** The teacher's room. */
export const TeacherRoom: Story = { parameters: entering(roomRoutes.teacher, "teacher", okEnvelope({ token: "story-token", nick_name: "李老师" })) };

/** The server refuses the token: its words, as they are (2 §8). */
export const Refused: Story = {
  parameters: entering(roomRoutes.student, "student", failEnvelope(403, roomMessages.notYet(30))),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(roomMessages.notYet(30))).toBeVisible();
  },
};

/** An address without its live. */
export const Incomplete: Story = { parameters: { ...entering(roomRoutes.student, "student", okEnvelope({})), initialEntries: [roomRoutes.student] } };
