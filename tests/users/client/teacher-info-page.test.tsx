import { fireEvent, screen, waitFor } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { teacherDetail } from "../../../resources/users/detail";
import { DetailPage } from "../../../src/engine/detail-page";
import { fail, fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";
import { liveRows, teacherInfo, teacherStats } from "../../../stories/users/user-stats-fixtures";
import { button, renderPage, where } from "./render-page";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

function teacherServer(overrides: Record<string, Handler | unknown> = {}) {
  return fakeServer({
    "GET /userstat/userinfo": ok(teacherInfo),
    "GET /userstat/teachercourselivestat": ok(teacherStats),
    "GET /userstat/teacherliveinfostat": ok(liveRows, { totalCount: 47, count: 47 }),
    "GET /userstat/teacherliveinfosearchstat": ok(liveRows.slice(0, 1), { totalCount: 1, count: 1 }),
    ...overrides,
  });
}

const stat = (label: string) => screen.getByLabelText(label);
const TeacherInfoPage = () => <DetailPage decl={teacherDetail} />;
const statistic = (title: string) => screen.getByText(title).closest(".ant-statistic")!.querySelector(".ant-statistic-content")!.textContent;

describe("/teacherInfo", () => {
  afterEach(() => setHttpAdapter());

  it("shows who the teacher is, the course, live and attendance numbers, and the lives", async () => {
    const server = teacherServer();
    renderPage("/teacherInfo?teacherId=2", <TeacherInfoPage />);
    expect(await screen.findByText("李老师")).toBeTruthy();
    expect(screen.getByText("手机号：13800000001")).toBeTruthy();
    expect(stat("授课课程 1/8").textContent).toContain("1/8");
    expect(stat("授课直播 30/47").textContent).toContain("30/47");
    expect(statistic("出勤")).toBe("21次");
    expect(statistic("迟到")).toBe("4次");
    expect(statistic("早退")).toBe("3次");
    expect(statistic("缺勤")).toBe("2次");
    expect(await screen.findByText("直播数量：47")).toBeTruthy();

    const rows = [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")];
    expect(rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      ["化学提高第6讲", "互动大班·化学提高", "2026-11-21 00:36:52 ~ 02:27:28", "已结束", "直播", "互动大班", "1小时50分36秒"],
      ["化学提高第5讲", "互动大班·化学提高", "2026-11-14 00:36:52 ~ 02:27:28", "已结束", "回放", "互动大班", "2分5秒"],
      // A live not yet held was listened to in no way and for no time: its state, and no duration.
      ["少儿美术第4讲", "少儿美术小班", "2026-12-19 10:00:00 ~ 11:00:00", "未开始", "未开始", "小班", "-"],
    ]);
    expect(server.calls("GET /userstat/userinfo")[0].params).toEqual({ userid: 2 });
    expect(server.calls("GET /userstat/teachercourselivestat")[0].params).toEqual({ userid: 2 });
    expect(server.calls("GET /userstat/teacherliveinfostat")[0].params).toEqual({ userid: 2, count: 10, page: 1 });
  });

  it("falls back to zero stats and the default nickname 老师 when the calls fail, and offers a retry", async () => {
    const server = teacherServer({
      "GET /userstat/userinfo": fail(1, "查询失败"),
      "GET /userstat/teachercourselivestat": fail(1, "查询失败"),
      "GET /userstat/teacherliveinfostat": fail(500, "查询失败"),
    });
    renderPage("/teacherInfo?teacherId=99", <TeacherInfoPage />);
    expect(await screen.findByText("老师")).toBeTruthy();
    expect(screen.getByText("手机号：-")).toBeTruthy();
    expect(stat("授课课程 0/0").textContent).toContain("0/0");
    expect(stat("授课直播 0/0").textContent).toContain("0/0");
    for (const title of ["出勤", "迟到", "早退", "缺勤"]) expect(statistic(title)).toBe("0次");
    expect(await screen.findByText("直播记录加载失败")).toBeTruthy();
    expect(screen.getByText("直播数量：0")).toBeTruthy();
    expect(screen.getByText(/部分信息加载失败/)).toBeTruthy();

    fireEvent.click(button("重试"));
    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfostat")).toHaveLength(2));
  });

  it("searches with the title, the status (ended is 2) and whole days from 00:00:00 to 23:59:59", async () => {
    const server = teacherServer();
    renderPage("/teacherInfo?teacherId=2", <TeacherInfoPage />);
    await screen.findByText("直播数量：47");

    fireEvent.change(screen.getByPlaceholderText("请输入直播名称"), { target: { value: " 化学 " } });
    fireEvent.mouseDown(document.querySelector("#status")!);
    fireEvent.click(await screen.findByTitle("已结束"));
    fireEvent.click(screen.getByPlaceholderText("开始日期"));
    fireEvent.click(await screen.findByText("最近一周"));
    fireEvent.click(button("查询"));

    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfosearchstat")).toHaveLength(1));
    const today = dayjs().format("YYYY-MM-DD");
    const weekAgo = dayjs().subtract(7, "day").format("YYYY-MM-DD");
    expect(server.calls("GET /userstat/teacherliveinfosearchstat")[0].params).toEqual({
      userid: 2,
      count: 10,
      page: 1,
      title: "化学",
      // From the address, where the engine's filters keep their values as text.
      status: "2",
      begintime: `${weekAgo} 00:00:00`,
      endtime: `${today} 23:59:59`,
    });
    expect(await screen.findByText("直播数量：1")).toBeTruthy();
    expect(where()).toBe(`/teacherInfo?teacherId=2&title=%E5%8C%96%E5%AD%A6&status=2&begintime=${weekAgo}&endtime=${today}`);

    fireEvent.click(button("重置"));
    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfostat")).toHaveLength(2));
    expect(where()).toBe("/teacherInfo?teacherId=2");
    expect((screen.getByPlaceholderText("请输入直播名称") as HTMLInputElement).value).toBe("");
  });

  it("offers the five shortcuts, 昨天 being one whole day", async () => {
    const server = teacherServer();
    renderPage("/teacherInfo?teacherId=2", <TeacherInfoPage />);
    await screen.findByText("直播数量：47");
    fireEvent.click(screen.getByPlaceholderText("开始日期"));
    const presets = [...document.querySelectorAll(".ant-picker-presets li")].map((item) => item.textContent);
    expect(presets).toEqual(["今天", "昨天", "最近一周", "最近一个月", "最近三个月"]);
    fireEvent.click(screen.getByText("昨天"));
    fireEvent.click(button("查询"));
    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfosearchstat")).toHaveLength(1));
    const yesterday = dayjs().subtract(1, "day").format("YYYY-MM-DD");
    // No title and no status stand for any (the server's -1), as the old "" and -1 did.
    expect(server.calls("GET /userstat/teacherliveinfosearchstat")[0].params).toEqual({
      userid: 2,
      count: 10,
      page: 1,
      begintime: `${yesterday} 00:00:00`,
      endtime: `${yesterday} 23:59:59`,
    });
  });

  it("keeps the page and its size in the URL", async () => {
    const server = teacherServer();
    renderPage("/teacherInfo?teacherId=2&page=2&pageSize=20", <TeacherInfoPage />);
    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfostat")).toHaveLength(1));
    expect(server.calls("GET /userstat/teacherliveinfostat")[0].params).toEqual({ userid: 2, count: 20, page: 2 });
    fireEvent.click(await screen.findByTitle("3"));
    await waitFor(() => expect(server.calls("GET /userstat/teacherliveinfostat")).toHaveLength(2));
    expect(server.calls("GET /userstat/teacherliveinfostat")[1].params).toEqual({ userid: 2, count: 20, page: 3 });
    expect(where()).toBe("/teacherInfo?teacherId=2&page=3&pageSize=20");
    const sizes = document.querySelector(".ant-pagination-options")!;
    fireEvent.mouseDown(sizes.querySelector(".ant-select-selector")!);
    expect([...document.querySelectorAll(".ant-select-item-option")].map((option) => option.textContent)).toEqual(["10 条/页", "20 条/页", "50 条/页"]);
    fireEvent.click(screen.getByTitle("50 条/页"));
    await waitFor(() => expect(where()).toBe("/teacherInfo?teacherId=2&pageSize=50"));
    expect(server.calls("GET /userstat/teacherliveinfostat").at(-1)!.params).toEqual({ userid: 2, count: 50, page: 1 });
  });

  it("says when the id is no teacher of the organisation (a student's, an assistant's), and leads back to the list", async () => {
    const notFound = fail(404, "记录不存在");
    teacherServer({ "GET /userstat/userinfo": notFound, "GET /userstat/teachercourselivestat": notFound, "GET /userstat/teacherliveinfostat": notFound });
    renderPage("/teacherInfo?teacherId=4", <TeacherInfoPage />);
    expect(await screen.findByText("未找到该老师")).toBeTruthy();
    expect(screen.queryByText("授课课程（已完成/全部）")).toBeNull();
    expect(screen.queryByText(/直播数量/)).toBeNull();
    fireEvent.click(button("返回老师列表"));
    await waitFor(() => expect(where()).toBe("/teacherop"));
  });

  it("says when no teacher is named, and leads back to the list", async () => {
    const server = teacherServer();
    renderPage("/teacherInfo?teacherId=abc", <TeacherInfoPage />);
    expect(screen.getByText("未指定老师")).toBeTruthy();
    fireEvent.click(button("返回老师列表"));
    await waitFor(() => expect(where()).toBe("/teacherop"));
    expect(server.seen).toHaveLength(0);
  });
});
