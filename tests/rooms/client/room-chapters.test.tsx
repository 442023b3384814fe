import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoom } from "./render-room";
import { roomMessages } from "../../../resources/rooms/room-api";
import { liveRecordings, sampleChapters, sampleDocs, sampleLive, sampleRecordings, studentEntry, teacherEntry, welcomeOf } from "../../../stories/rooms/room-fixtures";
import { fakeServer, fail, ok, type SeenRequest } from "../../kernel/client/support/fake-server";

/** The room's courseware tab, the teacher's 标记章节 and the playback room's chapters (issue 18 items 7, 8). */

describe("the room's courseware and chapters", () => {
  it("shows a viewer the live's courseware under 课件, each opened in a new window, with the room token", async () => {
    const server = fakeServer({ "GET /api/v1/room/docs": ok(sampleDocs), "GET /api/v1/room/chapters": ok([]) });
    renderRoom({ answer: welcomeOf(studentEntry) });
    fireEvent.click(await screen.findByRole("tab", { name: "课件" }));
    const list = await screen.findByRole("list", { name: "课件列表" });
    expect(within(list).getByText("函数图像.pdf")).toBeTruthy();
    expect(within(list).getByText("1.2MB")).toBeTruthy();
    const open = within(list).getByRole("link", { name: "预览下载 函数图像.pdf" });
    expect([open.getAttribute("href"), open.getAttribute("target")]).toEqual([sampleDocs[0].Url, "_blank"]);
    expect(server.calls("GET /api/v1/room/docs")[0].params).toEqual({ token: "T-1" });
  });

  it("says 暂无课件 when the live has none", async () => {
    fakeServer({ "GET /api/v1/room/docs": ok([]) });
    renderRoom({ answer: welcomeOf(studentEntry) });
    fireEvent.click(await screen.findByRole("tab", { name: "课件" }));
    expect(await screen.findByText(roomMessages.noCourseware)).toBeTruthy();
  });

  it("lets the teacher mark a chapter titled 章节 N, refusing a title over 30 characters in the schema's words", async () => {
    const server = fakeServer({
      "GET /api/v1/room/chapters": ok([sampleChapters[0]]),
      "GET /api/v1/room/docs": ok([]),
      "POST /api/v1/room/chapters": (request: SeenRequest) => ok({ id: 9, title: (request.body as { title: string }).title, offset_ms: 83_000 }),
    });
    renderRoom({ answer: welcomeOf(teacherEntry, { live: { ...sampleLive, broadcast: { state: "live", playlist: "/p", floor: null } } }) });
    const title = await screen.findByRole("textbox", { name: "章节标题" });
    await screen.findByRole("list", { name: "已标记的章节" });
    await waitFor(() => expect((title as HTMLInputElement).value).toBe("章节 2"));
    fireEvent.change(title, { target: { value: "长".repeat(31) } });
    fireEvent.click(screen.getByRole("button", { name: "标记章节" }));
    expect(await screen.findByText("章节标题不能超过30字")).toBeTruthy();
    expect(server.calls("POST /api/v1/room/chapters")).toHaveLength(0);
    fireEvent.change(title, { target: { value: "函数图像" } });
    fireEvent.click(screen.getByRole("button", { name: "标记章节" }));
    expect(await screen.findByText("已标记章节：函数图像（1:23）")).toBeTruthy();
    expect(server.calls("POST /api/v1/room/chapters")[0].body).toEqual({ token: "T-1", title: "函数图像" });
    expect(within(screen.getByRole("list", { name: "已标记的章节" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["1:05 章节 1", "1:23 函数图像"]);
    // The next title is offered.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe("章节 3"));
  });

  it("shows the server's refusal of a mark as it is", async () => {
    fakeServer({ "GET /api/v1/room/chapters": ok([]), "GET /api/v1/room/docs": ok([]), "POST /api/v1/room/chapters": fail(403, roomMessages.chapterNotLive) });
    renderRoom({ answer: welcomeOf(teacherEntry) });
    fireEvent.click(await screen.findByRole("button", { name: "标记章节" }));
    expect((await screen.findByText(roomMessages.chapterNotLive)).getAttribute("role")).toBe("alert");
  });

  it("lists the chapters under the playback room's player when the live's own recording is there", async () => {
    fakeServer({ "GET /api/v1/room/chapters": ok(sampleChapters), "GET /api/v1/room/docs": ok(sampleDocs) });
    renderRoom({ answer: welcomeOf(studentEntry, { playType: 2, recordings: liveRecordings }) });
    const nav = await screen.findByRole("navigation", { name: "章节" });
    expect(within(nav).getAllByRole("button").map((b) => b.textContent)).toEqual(["1:05 章节 1", "12:34 函数图像", "40:10 课堂小结"]);
    // Clicked while another video plays: the live's recording comes back first.
    fireEvent.click(screen.getByRole("button", { name: liveRecordings[1].name }));
    fireEvent.click(within(nav).getByRole("button", { name: /函数图像/ }));
    expect(screen.getByLabelText(liveRecordings[0].name)).toBeTruthy();
    // The courseware is listed below the player too.
    expect(await screen.findByText("函数图像.pdf")).toBeTruthy();
  });

  it("shows no chapters for a recorded session's videos alone", async () => {
    fakeServer({ "GET /api/v1/room/chapters": ok(sampleChapters), "GET /api/v1/room/docs": ok([]) });
    renderRoom({ answer: welcomeOf(studentEntry, { playType: 2, recordings: sampleRecordings }) });
    await screen.findByLabelText(sampleRecordings[0].name);
    await screen.findByText(roomMessages.noCourseware);
    expect(screen.queryByRole("navigation", { name: "章节" })).toBeNull();
  });
});
