import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoom } from "./render-room";
import { roomMessages } from "../../../resources/rooms/room-api";
import { assistantEntry, sampleLive, teacherEntry, welcomeOf } from "../../../stories/rooms/room-fixtures";
import { fakeServer, fail, ok } from "../../kernel/client/support/fake-server";

/** 发言权 (issue 18 item 1): the teacher gives the floor to an assistant in the room, who then publishes. */

const quiet = { "GET /api/v1/room/chapters": ok([]), "GET /api/v1/room/docs": ok([]) };

describe("the floor of a large class", () => {
  it("lets the teacher give it to an assistant in the room, and shows the server's refusal as it is", async () => {
    const server = fakeServer({ ...quiet, "POST /api/v1/room/floor": ok(null, { msg: "已交出发言权" }) });
    renderRoom({ answer: welcomeOf(teacherEntry) });
    const give = await screen.findByRole("button", { name: "交出发言权" });
    expect(give.hasAttribute("disabled")).toBe(true);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "选择助教" }));
    fireEvent.click(await screen.findByTitle("王助教"));
    await waitFor(() => expect(give.hasAttribute("disabled")).toBe(false));
    fireEvent.click(give);
    expect(await screen.findByText("已交出发言权")).toBeTruthy();
    expect(server.calls("POST /api/v1/room/floor")[0].body).toEqual({ token: "T-1", key: assistantEntry.key });

    fakeServer({ ...quiet, "POST /api/v1/room/floor": fail(403, roomMessages.floorAssistantOnly) });
    fireEvent.click(give);
    expect(await screen.findByText(roomMessages.floorAssistantOnly)).toBeTruthy();
  });

  it("shows who holds it with 收回发言权 to the teacher, and gives the assistant holding it the publisher's controls without 结束直播", async () => {
    const given = { ...sampleLive, broadcast: { state: "waiting" as const, playlist: "", floor: { key: assistantEntry.key, name: assistantEntry.name } } };
    const server = fakeServer({ ...quiet, "POST /api/v1/room/floor": ok(null, { msg: "已收回发言权" }) });
    renderRoom({ answer: welcomeOf(teacherEntry, { live: given }) });
    expect(await screen.findByText("发言权在助教 王助教 手中")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "收回发言权" }));
    await waitFor(() => expect(server.calls("POST /api/v1/room/floor")[0]?.body).toEqual({ token: "T-1", key: "" }));
  });

  it("gives the assistant holding the floor the camera and screen buttons, and nothing to end the live, until the teacher takes it back", async () => {
    fakeServer(quiet);
    const given = { ...sampleLive, broadcast: { state: "waiting" as const, playlist: "", floor: { key: assistantEntry.key, name: assistantEntry.name } } };
    const transport = renderRoom({ answer: welcomeOf(assistantEntry, { live: given }) });
    expect(await screen.findByRole("button", { name: "开启摄像头" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /结束直播/ })).toBeNull();
    // The teacher takes it back: the assistant watches again, told why.
    act(() => transport.opened[0].push({ t: "broadcast", broadcast: { ...given.broadcast, floor: null } }));
    expect(await screen.findByText(roomMessages.floorTaken)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "开启摄像头" })).toBeNull();
  });

  it("shows an assistant without the floor the class as its viewers see it", async () => {
    fakeServer(quiet);
    renderRoom({ answer: welcomeOf(assistantEntry) });
    expect(await screen.findByText(roomMessages.broadcastWaiting)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "开启摄像头" })).toBeNull();
  });
});
