import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { roomMessages } from "../../../resources/rooms/room-api";
import { RoomSite } from "../../../src/features/rooms/site/room-site";
import { RoomTransport } from "../../../src/features/rooms/site/room-transport";
import { guestEntry, sampleLive, sampleRecordings, sampleShare, studentEntry, teacherEntry, welcomeOf } from "../../../stories/rooms/room-fixtures";
import { scriptedTransport, type RoomScript } from "../../../stories/rooms/scripted-room";
import { fail, fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { paste } from "../../kernel/client/support/paste";

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderRoom(path: string, script: RoomScript = {}) {
  const transport = scriptedTransport(script);
  render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RoomTransport.Provider value={transport.open}>
          <Routes>
            <Route path="/room/*" element={<RoomSite />} />
          </Routes>
          <Where />
        </RoomTransport.Provider>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return transport;
}

const names = (label: string) => within(screen.getByRole("list", { name: label })).getAllByRole("listitem").map((li) => li.textContent);

describe("the built-in room", () => {
  it("says hello with its token, then shows the live, who is here (each person once) and the chat", async () => {
    const transport = renderRoom("/room/?token=T-9&nickname=赵同学", { answer: welcomeOf(studentEntry, { present: [teacherEntry, studentEntry, { ...studentEntry, conn: "c-second-tab" }] }) });
    expect(await screen.findByRole("heading", { name: sampleLive.title })).toBeTruthy();
    expect(transport.opened[0].sent[0]).toEqual({ t: "hello", token: "T-9", h5: false });
    expect(screen.getByText("在线 2 人")).toBeTruthy();
    expect(names("在线成员")).toEqual(["李老师老师", "赵同学学生"]);
    expect(screen.getByText("主讲：李老师")).toBeTruthy();
    // A large class whose teacher has not published yet (issue 18): waiting, in words.
    expect(screen.getByText(roomMessages.broadcastWaiting)).toBeTruthy();
    // 观众甲's message waits for review: the page shows what the server sent it, marked.
    expect(screen.getByText("这一步能再讲一遍吗？").closest("li")!.textContent).toContain(roomMessages.chatHeld);
  });

  it("follows people coming and going, and sends chat, refusing an empty line itself", async () => {
    const transport = renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry, { present: [studentEntry], chat: [] }) });
    await screen.findByText("在线 1 人");
    const room = transport.opened[0];
    room.push({ t: "batch", m: [{ t: "join", entry: guestEntry }, { t: "people", n: 2 }] });
    expect(await screen.findByText("在线 2 人")).toBeTruthy();
    expect(names("在线成员")).toEqual(["赵同学学生", "观众甲游客"]);
    room.push({ t: "batch", m: [{ t: "leave", conn: guestEntry.conn }, { t: "people", n: 1 }] });
    expect(await screen.findByText("在线 1 人")).toBeTruthy();
    // In a room of thousands the count comes alone: the list keeps the people it names.
    room.push({ t: "people", n: 1200 });
    expect(await screen.findByText("在线 1200 人")).toBeTruthy();
    expect(names("在线成员")).toEqual(["赵同学学生"]);

    const box = screen.getByRole("textbox", { name: "聊天内容" });
    fireEvent.click(screen.getByRole("button", { name: /发\s*送/ }));
    expect(screen.getByRole("alert").textContent).toBe(roomMessages.chatEmpty);
    fireEvent.change(box, { target: { value: "老师好" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    expect(await screen.findByText("老师好")).toBeTruthy();
    expect(room.sent).toContainEqual({ t: "chat", txt: "老师好" });
    room.push({ t: "error", msg: roomMessages.chatTooFast });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(roomMessages.chatTooFast));
  });

  it("tells a refused token, and a dropped connection", async () => {
    renderRoom("/room/?token=old", { answer: { t: "error", msg: roomMessages.tokenInvalid, fatal: true } });
    expect(await screen.findByText(roomMessages.tokenInvalid)).toBeTruthy();
  });

  it("says it is reconnecting after a drop, keeping what it showed", async () => {
    renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry), drops: true });
    expect(await screen.findByText(roomMessages.reconnecting)).toBeTruthy();
    expect(screen.getByRole("heading", { name: sampleLive.title })).toBeTruthy();
  });

  it("plays the recordings in the playback room, or says there are none", async () => {
    renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry, { playType: 2, recordings: sampleRecordings }) });
    expect((await screen.findByLabelText(sampleRecordings[0].name)).getAttribute("src")).toBe(sampleRecordings[0].url);
    fireEvent.click(screen.getByRole("button", { name: sampleRecordings[1].name }));
    expect(screen.getByLabelText(sampleRecordings[1].name).getAttribute("src")).toBe(sampleRecordings[1].url);
    expect(screen.queryByRole("textbox", { name: "聊天内容" })).toBeNull();
  });

  it("says a recording whose file is missing is missing, instead of a player stuck at 0:00", async () => {
    renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry, { playType: 2, recordings: sampleRecordings }) });
    fireEvent.error(await screen.findByLabelText(sampleRecordings[0].name));
    expect(await screen.findByText(roomMessages.replayMissing)).toBeTruthy();
    // Another recording is tried afresh.
    fireEvent.click(screen.getByRole("button", { name: sampleRecordings[1].name }));
    expect(screen.getByLabelText(sampleRecordings[1].name)).toBeTruthy();
  });

  it("follows a large class's publication: waiting, paused, ended; and gives its teacher 结束直播", async () => {
    const transport = renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry) });
    expect(await screen.findByText(roomMessages.broadcastWaiting)).toBeTruthy();
    const room = transport.opened[0];
    room.push({ t: "broadcast", broadcast: { state: "waiting", playlist: "/api/v1/room/hls/42/ab/live.m3u8", floor: null } });
    expect(await screen.findByText(roomMessages.broadcastPaused)).toBeTruthy();
    room.push({ t: "broadcast", broadcast: { state: "ended", playlist: "/api/v1/room/hls/42/ab/live.m3u8", floor: null } });
    expect(await screen.findByText(roomMessages.broadcastEnded)).toBeTruthy();
  });

  it("gives the teacher of a large class its publishing buttons and 结束直播", async () => {
    renderRoom("/room/?token=T", { answer: welcomeOf(teacherEntry) });
    expect(await screen.findByRole("button", { name: "开启摄像头" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "结束直播" })).toBeTruthy();
  });

  it("says honestly that a live has no replay", async () => {
    renderRoom("/room/?token=T", { answer: welcomeOf(studentEntry, { playType: 2, recordings: [] }) });
    expect(await screen.findByText(roomMessages.noReplay)).toBeTruthy();
  });

  it("lays the phone variant out as h5 and says so in its hello", async () => {
    const transport = renderRoom("/room/h5/?token=T", { answer: welcomeOf(studentEntry) });
    await screen.findByRole("heading", { name: sampleLive.title });
    expect(transport.opened[0].sent[0]).toEqual({ t: "hello", token: "T", h5: true });
  });

  it("gives the teacher of a small class the camera buttons, and its students a waiting picture", async () => {
    const small = { ...sampleLive, smallClass: true, livetype: 0 };
    renderRoom("/room/?token=T", { answer: welcomeOf(teacherEntry, { live: small }) });
    expect(await screen.findByRole("button", { name: "开启摄像头" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "共享屏幕" })).toBeTruthy();
  });
});

describe("a share link's page", () => {
  it("asks the whitelist's username and password, shows the server's refusal, and enters the room with the token", async () => {
    let tries = 0;
    const server = fakeServer({
      "GET /api/v1/room/share": ok({ ...sampleShare, check: 2 }),
      "POST /api/v1/room/share": () => (++tries === 1 ? { code: 403, data: null, msg: roomMessages.whitelistWrong } : ok({ token: "V-1", nick_name: "观众甲" })),
    });
    renderRoom("/room/share?guid=g1&livetype=all&exparam=ad");
    fireEvent.click(await screen.findByRole("button", { name: "进入直播" }));
    await waitFor(() => expect(screen.getAllByText(roomMessages.whitelistNeeded)).toHaveLength(2));
    fireEvent.change(screen.getByLabelText("用户名"), { target: { value: "观众甲" } });
    fireEvent.change(screen.getByLabelText("密码"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "进入直播" }));
    expect(await screen.findByText(roomMessages.whitelistWrong)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("密码"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "进入直播" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/room/?token=V-1&nickname=%E8%A7%82%E4%BC%97%E7%94%B2"));
    expect(server.calls("POST /api/v1/room/share")[1].body).toEqual({ guid: "g1", replay: 0, playback: 0, byname: 0, username: "观众甲", password: "pw", exparam: "ad" });
  });

  it("enters the playback room by a replay link, and after a live has ended by a live link", async () => {
    const server = fakeServer({ "GET /api/v1/room/share": ok({ ...sampleShare, state: 2 }), "POST /api/v1/room/share": ok({ token: "V", nick_name: "游客" }) });
    renderRoom("/room/share?guid=g1&livetype=all");
    fireEvent.click(await screen.findByRole("button", { name: "观看回放" }));
    await waitFor(() => expect(server.calls("POST /api/v1/room/share")).toHaveLength(1));
    expect(server.calls("POST /api/v1/room/share")[0].body).toMatchObject({ playback: 1, replay: 0 });
    expect(server.calls("GET /api/v1/room/share")[0].params).toEqual({ guid: "g1", replay: 0 });
  });

  it("sends the registration answers by position and shows the server's message under its field", async () => {
    const fields = [
      { formaDataType: 1 as const, name: "手机号", placeholder: "请输入手机号", required: true, checkList: [] },
      { formaDataType: 3 as const, name: "姓名", placeholder: "请输入姓名", required: false, checkList: [] },
    ];
    // The server judges the answers against the form's schema (tests/rooms/server/rooms-share.test.ts) and names the field.
    const server = fakeServer({
      "GET /api/v1/room/share": ok({ ...sampleShare, fields }),
      "POST /api/v1/room/share": ({ body }: SeenRequest) =>
        (body?.answers as string[])[0] === "13800000000" ? ok({ token: "V", nick_name: "138****0000" }) : fail(400, "请填写正确的手机号", { field: "f0" }),
    });
    renderRoom("/room/share?guid=g1&livetype=all");
    const phone = await screen.findByPlaceholderText("请输入手机号", {}, { timeout: 15_000 });
    fireEvent.change(phone, { target: { value: "1380000" } });
    fireEvent.click(screen.getByRole("button", { name: "进入直播" }));
    const explained = await screen.findByText("请填写正确的手机号");
    expect(explained.closest(".ant-form-item")?.contains(phone)).toBe(true);
    expect(server.calls("POST /api/v1/room/share")[0].body).toMatchObject({ answers: ["1380000", ""] });
    fireEvent.change(phone, { target: { value: "13800000000" } });
    await waitFor(() => expect(screen.queryByText("请填写正确的手机号")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "进入直播" }));
    await waitFor(() => expect(server.calls("POST /api/v1/room/share")).toHaveLength(2));
    expect(server.calls("POST /api/v1/room/share")[1].body).toMatchObject({ answers: ["13800000000", ""] });
  });

  it("keeps a pasted name whole and says the schema's 名字不能超过20字 instead of cutting it", async () => {
    const server = fakeServer({ "GET /api/v1/room/share": ok(sampleShare), "POST /api/v1/room/share": ok({ token: "V", nick_name: "观众" }) });
    renderRoom("/room/share?guid=g1&livetype=all&byname=1");
    const long = "一二三四五六七八九十一二三四五六七八九十一";
    expect(paste(await screen.findByLabelText("您的名字"), long)).toBe(long);
    fireEvent.click(screen.getByRole("button", { name: "进入直播" }));
    expect(await screen.findByText("名字不能超过20字")).toBeTruthy();
    expect(server.calls("POST /api/v1/room/share")).toHaveLength(0);
  });

  it("says a dead link is dead", async () => {
    fakeServer({ "GET /api/v1/room/share": { code: 403, data: null, msg: roomMessages.shareInvalid } });
    renderRoom("/room/share?guid=gone");
    expect(await screen.findByText(roomMessages.shareInvalid)).toBeTruthy();
  });
});
