import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHosts } from "../../../providers/hosts";
import { setHttpAdapter } from "../../../providers/http";
import { liveRow } from "../../../stories/lives/live-answers";
import { failEnvelope, okEnvelope } from "../../../stories/mock-api";
import { LiveEnrolDialog, sendLiveRow } from "../../../src/features/lives/dialogs/live-enrol-dialog";
import { liveApi } from "../../../resources/lives/live-api";
import { button, dialog, fieldErrors, renderPage } from "../../kernel/client/engine/support";
import { chooseMore, GeneratedPage, openLives, rowWith, rowsShown, serveLives } from "./live-support";

afterEach(() => {
  setHttpAdapter();
  setHosts(null);
  vi.restoreAllMocks();
});

const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const guid = (kind: string, id: number) => `${kind}${id}`.padEnd(32, "0");
const links = () => [...dialog().querySelectorAll<HTMLInputElement>("input[readonly]")].map((input) => input.value);

describe("share links (2 §2, §7)", () => {
  it("builds both links from the share settings, by customer type and live type, and copies them", async () => {
    setHosts({ shareBase: "https://share.example/", customerType: "SC" });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const big = liveRow(1, { Id: 801, Title: "大班直播", LiveType: 1, CourseType: 1 });
    serveLives([big]);
    openLives();
    await rowsShown(1);
    fireEvent.click(button("分享", rowWith("大班直播")));
    await waitFor(() => expect(links()).toHaveLength(2));
    expect(links()).toEqual([
      `https://share.example/share_qxc_sc/liveclass.html?guid=${guid("share", 801)}&livetype=all`,
      `https://share.example/share_qxc_sc/player.html?guid=${guid("replay", 801)}`,
    ]);
    expect(dialog().querySelectorAll("canvas")).toHaveLength(2);
    fireEvent.click(within(dialog()).getByRole("checkbox", { name: "观看前填写昵称" }));
    await waitFor(() => expect(links()[0]).toContain("/share_qxc_sc/name_liveclass.html?"));
    fireEvent.click(button("复制", dialog().querySelector("section")!));
    await waitFor(() => expect(toasts()).toContain("复制成功"));
    expect(writeText).toHaveBeenCalledWith(links()[0]);
  });

  it("gives a small class the mini room, and 分享回放 only the replay link", async () => {
    setHosts({ shareBase: "https://share.example", customerType: "default" });
    serveLives([liveRow(1, { Id: 802, Title: "小班直播", LiveType: 0, CourseType: 0 })]);
    openLives();
    await rowsShown(1);
    await chooseMore(rowWith("小班直播"), "分享直播");
    await waitFor(() => expect(links()).toEqual([`https://share.example/share_qxc/miniliveclass.html?guid=${guid("share", 802)}&livetype=live`]));
    fireEvent.click(dialog().querySelector<HTMLElement>(".ant-modal-close")!);
    await chooseMore(rowWith("小班直播"), "分享回放");
    await waitFor(() => expect(links()).toEqual([`https://share.example/share_qxc/player.html?guid=${guid("replay", 802)}`]));
  });
});

describe("修改直播房间人数基数 (2 §2, §5)", () => {
  it("shows the current base, refuses a number out of bounds in the schema's words, and saves one within", async () => {
    const server = serveLives([liveRow(1, { Id: 803, Title: "大班直播", LiveType: 1, CourseType: 1 })]);
    openLives();
    await rowsShown(1);
    await chooseMore(rowWith("大班直播"), "人数基数");
    await waitFor(() => expect(dialog().querySelector<HTMLInputElement>("form input")!.value).toBe("100"));
    const field = dialog().querySelector<HTMLInputElement>("form input")!;
    fireEvent.change(field, { target: { value: "10000001" } });
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(fieldErrors()).toEqual(["请输入0-10000000之间的整数"]));
    expect(server.of("POST", "/cms/initnumset")).toHaveLength(0);
    fireEvent.change(field, { target: { value: "5000" } });
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(server.of("POST", "/cms/initnumset")).toHaveLength(1));
    expect(server.of("POST", "/cms/initnumset")[0].body).toEqual({ liveid: 803, initnum: 5000 });
    await waitFor(() => expect(toasts()).toContain("修改成功"));
  });
});

describe("the students of a live (2 §2 添加学员, 批量导入)", () => {
  it("adds a student through the live's call", async () => {
    const server = serveLives([liveRow(1, { Id: 804, Title: "大班直播" })], {}, [
      [liveApi.unaddedStudents, okEnvelope([{ Id: 1, Name: "王子涵", Mobile: "13712340000" }], { count: 1 })],
      [liveApi.students, okEnvelope([], { count: 0 })],
      [liveApi.addStudent, okEnvelope(null, { msg: "添加成功" })],
    ]);
    openLives();
    await rowsShown(1);
    fireEvent.click(button("添加学员", rowWith("大班直播")));
    const add = await screen.findByRole("button", { name: "添加王子涵" });
    expect(server.of("GET", "/cms/unaddedstudentlive")[0].query).toEqual({ page: 1, count: 5, liveid: 804 });
    fireEvent.click(add);
    await waitFor(() => expect(server.of("POST", "/cms/studentlive")).toHaveLength(1));
    expect(server.of("POST", "/cms/studentlive")[0].body).toEqual({ userid: 1, liveid: 804 });
    await waitFor(() => expect(toasts()).toContain("添加成功"));
  });
});

describe("the seats of a small class's live", () => {
  it("counts the live's students against its course's maximum (已添加学员（2/6）)", async () => {
    const two = [{ Id: 1, Name: "王子涵", Mobile: "13712340000" }, { Id: 2, Name: "李欣怡", Mobile: "13712340001" }];
    serveLives([liveRow(1, { Id: 806, Title: "小班直播", LiveType: 0, CourseType: 0, CourseMaxUsers: 6 })], {}, [
      [liveApi.unaddedStudents, okEnvelope([], { count: 0 })],
      [liveApi.students, okEnvelope(two, { count: 2 })],
    ]);
    openLives();
    await rowsShown(1);
    fireEvent.click(button("添加学员", rowWith("小班直播")));
    expect(await screen.findByText("已添加学员（2/6）")).toBeTruthy();
  });
});

describe("批量导入 rows (2 §5, §7)", () => {
  it("sends a row's mobile, name and course to the live's call, and keeps a bad mobile from the server", async () => {
    const server = serveLives([], {}, [
      [liveApi.addStudentByMobile, ({ body }) => (body.mobile === "13712340002" ? failEnvelope(1, "该学生已在本直播中") : okEnvelope(null, { msg: "添加成功" }))],
    ]);
    const live = { id: 805, title: "大班直播", courseId: 11 };
    const row = (name: string, mobile: string) => ({ key: 1, name, mobile, state: "pending" as const });
    expect(await sendLiveRow(live, row(" 王子涵 ", "13712340000"))).toEqual({ ok: true, note: "已添加" });
    expect(await sendLiveRow(live, row("", "13712340002"))).toEqual({ ok: false, message: "该学生已在本直播中" });
    expect(await sendLiveRow(live, row("李欣怡", "1371234"))).toEqual({ ok: false, message: "手机号格式不对" });
    expect(server.of("POST", "/cms/inputstudentlive").map((call) => call.body)).toEqual([
      { liveid: 805, courseid: 11, mobile: "13712340000", name: "王子涵" },
      { liveid: 805, courseid: 11, mobile: "13712340002" },
    ]);
  });
});

describe("a live's student count after its students change (issue 16, 3.17)", () => {
  const countOf = (title: string) => rowWith(title).querySelectorAll("td")[6].textContent;

  it("shows the new count in the row once 添加学员 adds one, without a reload", async () => {
    const row = liveRow(1, { Id: 806, Title: "大班直播", StudentCount: 18 });
    serveLives([row], {}, [
      [liveApi.unaddedStudents, okEnvelope([{ Id: 1, Name: "王子涵", Mobile: "13712340000" }], { count: 1 })],
      [liveApi.students, okEnvelope([], { count: 0 })],
      [liveApi.addStudent, () => ((row.StudentCount += 1), okEnvelope(null, { msg: "添加成功" }))],
    ]);
    openLives();
    await rowsShown(1);
    expect(countOf("大班直播")).toBe("18");
    fireEvent.click(button("添加学员", rowWith("大班直播")));
    fireEvent.click(await screen.findByRole("button", { name: "添加王子涵" }));
    await waitFor(() => expect(countOf("大班直播")).toBe("19"));
  });

  it("shows the new count once a 批量导入 adds students, without a reload", async () => {
    const row = liveRow(1, { Id: 807, Title: "大班直播", StudentCount: 18 });
    serveLives([row], {}, [[liveApi.addStudentByMobile, () => ((row.StudentCount += 1), okEnvelope(null, { msg: "添加成功" }))]]);
    renderPage(
      "/liveop",
      <>
        <GeneratedPage route="/liveop" />
        <LiveEnrolDialog live={{ id: 807, title: "大班直播", courseId: row.CourseId }} onClose={() => undefined} initialRows={[["王子涵", "13712340000"], ["李欣怡", "13712340001"]]} />
      </>,
    );
    await waitFor(() => expect(countOf("大班直播")).toBe("18"));
    fireEvent.click(await waitFor(() => button("导入", dialog())!));
    await waitFor(() => expect(countOf("大班直播")).toBe("20"));
  });
});
