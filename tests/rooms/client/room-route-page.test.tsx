import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setHosts } from "../../../providers/hosts";
import { roomMessages } from "../../../resources/rooms/room-api";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { fakeServer, ok } from "../../kernel/client/support/fake-server";
import { renderConsole, session } from "../../kernel/client/support/console";
import { isolateSession } from "../../kernel/client/support/isolate";

const frame = () => document.querySelector<HTMLIFrameElement>('iframe[title="直播间"]');
const site = "https://rooms.example.cn/site";
const desktop = navigator.userAgent;

function setAgent(agent: string) {
  Object.defineProperty(navigator, "userAgent", { value: agent, configurable: true });
}

describe("the room routes (2 §2 live rooms, §6 user types)", () => {
  isolateSession();
  beforeEach(() => setHosts({ liveRoomUrl: site }));
  afterEach(() => {
    setHosts(null);
    setAgent(desktop);
  });

  it("asks a student room's token as type 0 and frames the site with token, name and the proxies passed on", async () => {
    const server = fakeServer({ "GET /cms/trylogin": session("student"), "GET /api/v1/enter-room": ok({ token: "T-1", nick_name: "赵同学" }) });
    renderConsole(`${roomRoutes.studentMini}?mid=42&gid=7&roomproxy=r.example.cn&chatproxy=c.example.cn`);
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(server.calls("GET /api/v1/enter-room")[0].params).toEqual({ room_id: 42, group_id: 7, user_type: 0 });
    const src = new URL(frame()!.src);
    expect(src.origin + src.pathname).toBe(`${site}/`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ token: "T-1", nickname: "赵同学", room: "stuMiniLiveRoom", roomproxy: "r.example.cn", chatproxy: "c.example.cn" });
  });

  it("asks as the teacher (1) and the assistant (2), passing no proxies to them", async () => {
    for (const [route, role, type] of [[roomRoutes.teacher, "teacher", 1], [roomRoutes.assistantMini, "assistant", 2]] as const) {
      const server = fakeServer({ "GET /cms/trylogin": session(role), "GET /api/v1/enter-room": ok({ token: "T-2", nick_name: "李老师" }) });
      const view = renderConsole(`${route}?mid=42&gid=7&roomproxy=r.example.cn`);
      await waitFor(() => expect(frame()).toBeTruthy());
      expect(server.calls("GET /api/v1/enter-room")[0].params?.user_type).toBe(type);
      expect(new URL(frame()!.src).searchParams.has("roomproxy")).toBe(false);
      view.unmount();
    }
  });

  it("opens the playback room as the identity is, asking for the replay", async () => {
    const server = fakeServer({ "GET /cms/trylogin": session("admin"), "GET /api/v1/enter-room": ok({ token: "T-3", nick_name: "张校长" }) });
    renderConsole(`${roomRoutes.playback}?mid=42&gid=7`);
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(server.calls("GET /api/v1/enter-room")[0].params).toEqual({ room_id: 42, group_id: 7, user_type: 2, replay: 1 });
  });

  it("gives a phone the h5 variant", async () => {
    setAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148");
    fakeServer({ "GET /cms/trylogin": session("student"), "GET /api/v1/enter-room": ok({ token: "T-4", nick_name: "赵同学" }) });
    renderConsole(`${roomRoutes.student}?mid=42&gid=7`);
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(new URL(frame()!.src).pathname).toBe("/site/h5/");
  });

  it("shows the server's refusal as it is, and no frame", async () => {
    fakeServer({ "GET /cms/trylogin": session("student"), "GET /api/v1/enter-room": { code: 403, data: null, msg: roomMessages.notYet(30) } });
    renderConsole(`${roomRoutes.student}?mid=42&gid=7`);
    expect(await screen.findByText(roomMessages.notYet(30))).toBeTruthy();
    expect(frame()).toBeNull();
  });

  it("says an address without its live is incomplete, asking nothing", async () => {
    const server = fakeServer({ "GET /cms/trylogin": session("student") });
    renderConsole(roomRoutes.student);
    expect(await screen.findByText("直播间地址不完整")).toBeTruthy();
    expect(server.calls("GET /api/v1/enter-room")).toHaveLength(0);
  });
});
