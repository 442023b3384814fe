import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { studentDetail } from "../../../resources/users/detail";
import { DetailPage } from "../../../src/engine/detail-page";
import { fail, fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";
import { liveRows, studentInfo, studentStats } from "../../../stories/users/user-stats-fixtures";
import { button, renderPage, where } from "./render-page";

function studentServer(overrides: Record<string, Handler | unknown> = {}) {
  return fakeServer({
    "GET /userstat/userinfo": ok(studentInfo),
    "GET /userstat/usercoursestat": ok(studentStats.course),
    "GET /userstat/userlivestat": ok(studentStats.live),
    "GET /userstat/usercheckstat": ok(studentStats.check),
    "GET /userstat/userliveinfostat": ok(liveRows, { totalCount: 54, count: 54 }),
    "GET /userstat/userliveinfosearchstat": ok([], { totalCount: 0, count: 0 }),
    ...overrides,
  });
}

const StudentInfoPage = () => <DetailPage decl={studentDetail} />;
const statistic = (title: string) => screen.getByText(title).closest(".ant-statistic")!.querySelector(".ant-statistic-content")!.textContent;

describe("/studentInfo", () => {
  afterEach(() => setHttpAdapter());

  it("shows the student's participated courses and lives, attendance and lives, all asked by mobile", async () => {
    const server = studentServer();
    renderPage("/studentInfo?mobile=13800000003", <StudentInfoPage />);
    expect(await screen.findByText("赵同学")).toBeTruthy();
    expect(screen.getByText("手机号：13800000003")).toBeTruthy();
    expect(screen.getByLabelText("参与课程 1/9").textContent).toContain("1/9");
    expect(screen.getByLabelText("参与直播 37/54").textContent).toContain("37/54");
    expect([statistic("出勤"), statistic("迟到"), statistic("早退"), statistic("缺勤")]).toEqual(["22次", "6次", "5次", "4次"]);
    expect(await screen.findByText("直播数量：54")).toBeTruthy();
    expect(screen.getByText("1小时50分36秒")).toBeTruthy();
    // The live not yet held says 未开始 for its listening type too, and no duration (not 直播, 0秒).
    const notHeld = [...document.querySelector("[data-row-key='83']")!.querySelectorAll("td")].map((cell) => cell.textContent);
    expect(notHeld.slice(3)).toEqual(["未开始", "未开始", "小班", "-"]);
    expect(screen.queryByText("0秒")).toBeNull();
    for (const key of ["GET /userstat/userinfo", "GET /userstat/usercoursestat", "GET /userstat/userlivestat", "GET /userstat/usercheckstat"]) {
      expect(server.calls(key)[0].params).toEqual({ mobile: "13800000003" });
    }
    expect(server.calls("GET /userstat/userliveinfostat")[0].params).toEqual({ mobile: "13800000003", count: 10, page: 1 });
  });

  it("falls back part by part: the default nickname 学生 and zeros where a call failed", async () => {
    studentServer({
      "GET /userstat/userinfo": fail(1, "查询失败"),
      "GET /userstat/usercheckstat": fail(1, "统计失败"),
      "GET /userstat/userliveinfostat": ok([], { totalCount: 0, count: 0 }),
    });
    renderPage("/studentInfo?mobile=13800000003", <StudentInfoPage />);
    expect(await screen.findByText("学生")).toBeTruthy();
    expect(screen.getByText("手机号：13800000003")).toBeTruthy();
    expect(screen.getByLabelText("参与课程 1/9")).toBeTruthy();
    expect(screen.getByLabelText("参与直播 37/54")).toBeTruthy();
    for (const title of ["出勤", "迟到", "早退", "缺勤"]) expect(statistic(title)).toBe("0次");
    expect(await screen.findByText("暂无直播记录")).toBeTruthy();
  });

  it("says when the mobile is no student of the organisation, and leads back to the list", async () => {
    const notFound = fail(404, "记录不存在");
    studentServer(Object.fromEntries(["userinfo", "usercoursestat", "userlivestat", "usercheckstat", "userliveinfostat"].map((call) => [`GET /userstat/${call}`, notFound])));
    renderPage("/studentInfo?mobile=13800000001", <StudentInfoPage />);
    expect(await screen.findByText("未找到该学生")).toBeTruthy();
    expect(screen.queryByText(/直播数量/)).toBeNull();
    fireEvent.click(button("返回学生列表"));
    await waitFor(() => expect(where()).toBe("/studentop"));
  });

  it("filters the student's lives with the search call", async () => {
    const server = studentServer();
    renderPage("/studentInfo?mobile=13800000003&status=1&title=%E6%95%B0%E5%AD%A6", <StudentInfoPage />);
    await waitFor(() => expect(server.calls("GET /userstat/userliveinfosearchstat")).toHaveLength(1));
    expect(server.calls("GET /userstat/userliveinfosearchstat")[0].params).toEqual({ mobile: "13800000003", count: 10, page: 1, title: "数学", status: "1" });
    expect(server.calls("GET /userstat/userliveinfostat")).toHaveLength(0);
    expect((screen.getByPlaceholderText("请输入直播名称") as HTMLInputElement).value).toBe("数学");
    expect(document.querySelector(".ant-select-selection-item")?.textContent).toBe("直播中");
  });

  it("goes back to /studentop with 返回", async () => {
    studentServer();
    renderPage("/studentInfo?mobile=13800000003", <StudentInfoPage />);
    await screen.findByText("赵同学");
    fireEvent.click(button("返回"));
    await waitFor(() => expect(where()).toBe("/studentop"));
  });
});
