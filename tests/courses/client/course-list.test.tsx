import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { courseRows, hasLivesMessage, courseListFails } from "../../../stories/courses/course-answers";
import { failEnvelope } from "../../../stories/mock-api";
import course from "../../../resources/courses/course";
import { button, currentLocation, dialog, tableRows } from "../../kernel/client/engine/support";
import { formItem, openCourses, pick, rowsShown, serveCourses, titles, toasts } from "./course-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const filterItem = (label: string) => formItem(label, document.querySelector("form.ant-form-inline")!);
const rowOf = (title: string) => [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")].find((row) => row.textContent?.includes(title))!;
const actionIn = (row: HTMLElement, label: string) => button(label, row);

describe("/courseop", () => {
  it("lists courses with the spec's columns, https covers and the five row actions", async () => {
    const rows = courseRows(3);
    rows[0].HeadImg = "http://img.example.com/covers/1.png";
    serveCourses(rows);
    openCourses();
    await rowsShown(3);
    const headers = [...document.querySelectorAll(".ant-table-thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["", "封面", "课程名称", "班型", "最大人数", "创建人", "更新时间", "状态", "操作"]);
    const [first] = tableRows();
    expect(first.slice(2)).toEqual(["高一数学提高班", "小班课", "1", "张校长", "2026-11-20 09:30:00", "有效", "修改直播管理删除学员管理批量导入变更记录"]);
    expect(document.querySelector<HTMLImageElement>(".ant-table-tbody img")!.getAttribute("src")).toBe("https://img.example.com/covers/1.png");
    expect(button("创建课程")).toBeTruthy();
    expect(screen.getByText("共 3 条")).toBeTruthy();
  });

  it("sends the filters as the search call's parameters, keeps them in the address, and 重置 clears them", async () => {
    const server = serveCourses(courseRows(23));
    openCourses("/courseop?page=2");
    await rowsShown(10);
    fireEvent.change(screen.getByPlaceholderText("请输入课程名称"), { target: { value: " 数学 " } });
    await pick(filterItem("班型"), "小班课");
    await pick(filterItem("状态"), "有效");
    fireEvent.click(button("查询"));
    await waitFor(() => expect(server.of("GET", "/cms/coursesearch")).toHaveLength(1));
    expect(server.of("GET", "/cms/coursesearch")[0].query).toEqual({ page: 1, count: 10, title: "数学", type: "0", status: "1" });
    expect(currentLocation()).toBe(`/courseop?title=${encodeURIComponent("数学")}&type=0&status=1`);
    await waitFor(() => expect(titles()).toEqual(["高一数学提高班"]));

    fireEvent.click(button("重置"));
    await rowsShown(10);
    expect(currentLocation()).toBe("/courseop");
    expect(server.calls.at(-1)).toMatchObject({ path: "/cms/course", query: { page: 1, count: 10 } });
    expect((screen.getByPlaceholderText("请输入课程名称") as HTMLInputElement).value).toBe("");
  });

  it("opens with the address's filters and live-time range, by day, and drops what no filter could have written", async () => {
    const server = serveCourses(courseRows(23));
    openCourses("/courseop?begintime=2026-11-10&endtime=2026-11-15&type=99&pageSize=20");
    await waitFor(() => expect(server.of("GET", "/cms/coursesearch")).toHaveLength(1));
    expect(server.of("GET", "/cms/coursesearch")[0].query).toEqual({ page: 1, count: 20, begintime: "2026-11-10", endtime: "2026-11-15" });
    const range = () => [...filterItem("直播时间").querySelectorAll("input")].map((input) => input.value);
    await waitFor(() => expect(range()).toEqual(["2026-11-10", "2026-11-15"]));
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
  });

  it("says so when nothing matches, and when there are no courses at all", async () => {
    serveCourses(courseRows(3));
    openCourses("/courseop?title=无此课程");
    expect(await screen.findByText("没有符合条件的课程")).toBeTruthy();
    setHttpAdapter();
    serveCourses([]);
    fireEvent.click(button("重置"));
    expect(await screen.findByText("还没有课程")).toBeTruthy();
  });

  it("shows the failure with a retry when the list cannot load", async () => {
    setHttpAdapter();
    const { calls } = serveCourses([], {}, courseListFails);
    openCourses();
    expect(await screen.findByText("列表加载失败")).toBeTruthy();
    expect(screen.getByText("课程服务暂不可用，请稍后再试")).toBeTruthy();
    const before = calls.length;
    fireEvent.click(button("重试"));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it("expands a row to the course's details; a first live before 2018, or none, reads 暂无直播", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await rowsShown(3);
    const details = () => [...document.querySelectorAll(".ant-table-expanded-row .ant-descriptions-row")].map((row) => row.textContent);
    fireEvent.click(rowOf("高一数学提高班").querySelector("button.ant-table-row-expand-icon")!);
    await waitFor(() => expect(details()).toHaveLength(5));
    expect(details()).toEqual([
      "课程ID303首次上课时间2026-11-20 19:00:00",
      "课程名称高一数学提高班有效期至2027-06-30 23:59:59",
      "班型小班课创建时间2026-09-01 10:00:00",
      "最大人数1更新时间2026-11-20 09:30:00",
      "课程描述每周两次直播，课后提供回放与讲义。\n适合基础扎实、希望提高的同学。",
    ]);
    fireEvent.click(rowOf("初二英语阅读").querySelector("button.ant-table-row-expand-icon")!);
    fireEvent.click(rowOf("高三物理冲刺").querySelector("button.ant-table-row-expand-icon")!);
    await waitFor(() =>
      expect(details().filter((text) => text?.startsWith("课程ID"))).toEqual([
        "课程ID303首次上课时间2026-11-20 19:00:00",
        "课程ID302首次上课时间暂无直播",
        "课程ID301首次上课时间暂无直播",
      ]),
    );
  });

  it("直播管理 goes to the course's lives", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await rowsShown(3);
    fireEvent.click(actionIn(rowOf("初二英语阅读"), "直播管理"));
    await waitFor(() => expect(currentLocation()).toBe(`/liveCourse?courseId=302&courseName=${encodeURIComponent("初二英语阅读")}`));
  });

  it("删除 asks 提示 naming the course, says 删除成功 and reloads; a refusal shows the server's msg and keeps the row", async () => {
    const rows = courseRows(3);
    const server = serveCourses(rows);
    openCourses();
    await rowsShown(3);
    fireEvent.click(actionIn(rowOf("高三物理冲刺"), "删除"));
    await waitFor(() => expect(dialog().textContent).toContain("确定删除课程「高三物理冲刺」吗？"));
    expect(dialog().textContent).toContain("提示");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(titles()).toEqual(["高一数学提高班", "初二英语阅读"]));
    expect(server.of("DELETE", "/cms/course")[0].query).toEqual({ id: 301 });
    await waitFor(() => expect(toasts()).toContain("删除成功"));

    // The same server, now refusing: the list reloaded after the refusal shows what it holds (2 §8).
    serveCourses(rows, {}, [[course.api.remove, failEnvelope(1, hasLivesMessage)]]);
    fireEvent.click(actionIn(rowOf("初二英语阅读"), "删除"));
    await waitFor(() => expect(dialog().textContent).toContain("确定删除课程「初二英语阅读」吗？"));
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(toasts()).toContain(hasLivesMessage));
    expect(titles()).toEqual(["高一数学提高班", "初二英语阅读"]);
  });
});
