import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { courseFullMessage } from "../../../resources/courses/course";
import coursePicker from "../../../resources/courses/student-picker";
import { TwoPanePicker } from "../../../src/engine/two-pane-picker";
import { everyone, rosterAnswers } from "../../../stories/courses/course-students.stories";
import { failEnvelope, mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { renderPage } from "../../users/client/render-page";

const course = { id: 7, title: "高一数学提高班" };

/** The story's roster behind the real providers; every call is kept. */
function serve(routes: MockRoutes) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter(routes, { delayMs: 0, onCall: (call) => calls.push(call) }));
  const of = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { calls, of };
}

const open = () => renderPage("/courseop", <TwoPanePicker picker={coursePicker} owner={course} onClose={vi.fn()} />);

const pane = (title: string) => within(screen.getByRole("region", { name: title }));
const names = (title: string) =>
  [...document.querySelectorAll(`[aria-label="${title}"] .ant-table-tbody tr.ant-table-row td.ant-table-selection-column + td`)].map((cell) => cell.textContent);
const pageLink = (title: string, n: number) => document.querySelector<HTMLElement>(`[aria-label="${title}"] .ant-pagination-item-${n}`)!;
/** The confirmation a destructive action opens (antd's confirm names no dialog). */
const confirmation = () => waitFor(() => within(document.querySelector<HTMLElement>(".ant-modal-confirm")!));
/** 移除 on a student of the right pane, then 确定 in its confirmation. */
async function removeConfirmed(name: string) {
  fireEvent.click(pane("已添加学员").getByRole("button", { name: `移除${name}` }));
  fireEvent.click((await confirmation()).getByRole("button", { name: /^确\s?定$/ }));
}
const activePage = (title: string) => document.querySelector(`[aria-label="${title}"] .ant-pagination-item-active`)?.textContent;

describe("course student management", () => {
  afterEach(() => setHttpAdapter());

  it("is titled with the course and lists both panes 5 a page with the course's own parameter names", async () => {
    const server = serve(rosterAnswers(everyone, [100, 101, 102, 103, 104, 105, 106]));
    open();
    expect(screen.getByText("学员管理 - 高一数学提高班")).toBeTruthy();
    await waitFor(() => expect(names("未添加学员")).toHaveLength(5));
    await waitFor(() => expect(names("已添加学员")).toHaveLength(5));
    expect(server.of("GET", "/cms/unaddedstudentcourse")[0].query).toEqual({ id: 7, page: 1, count: 5 });
    expect(server.of("GET", "/cms/studentcourse")[0].query).toEqual({ courseid: 7, page: 1, count: 5 });
    expect(pane("未添加学员").getByText("共 16 人")).toBeTruthy();
    expect(pane("已添加学员").getByText("共 7 人")).toBeTruthy();

    fireEvent.click(pageLink("未添加学员", 4));
    await waitFor(() => expect(names("未添加学员")).toEqual([everyone[22].Name]));
    expect(server.of("GET", "/cms/unaddedstudentcourse").at(-1)!.query).toEqual({ id: 7, page: 4, count: 5 });
  });

  it("searches with the search call and key, and says when nothing matches", async () => {
    const server = serve(rosterAnswers(everyone, [100]));
    open();
    await waitFor(() => expect(names("已添加学员")).toHaveLength(1));
    fireEvent.change(pane("已添加学员").getByRole("textbox", { name: "搜索" }), { target: { value: " 李 " } });
    fireEvent.keyDown(pane("已添加学员").getByRole("textbox", { name: "搜索" }), { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(server.of("GET", "/cms/studentcoursesearch")).toHaveLength(1));
    expect(server.of("GET", "/cms/studentcoursesearch")[0].query).toEqual({ courseid: 7, page: 1, count: 5, key: "李" });
    await waitFor(() => expect(pane("已添加学员").getByText("没有匹配的学员")).toBeTruthy());

    fireEvent.change(pane("未添加学员").getByRole("textbox", { name: "搜索" }), { target: { value: "13712340011" } });
    fireEvent.keyDown(pane("未添加学员").getByRole("textbox", { name: "搜索" }), { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(names("未添加学员")).toEqual([everyone[11].Name]));
    expect(server.of("GET", "/cms/unaddedstudentcoursesearch")[0].query).toEqual({ id: 7, page: 1, count: 5, key: "13712340011" });
  });

  it("adds from the left pane and removes from the right once 提示 is confirmed (取消 keeps the student), reloading both and keeping each pane's page", async () => {
    const server = serve(rosterAnswers(everyone, []));
    open();
    await waitFor(() => expect(names("未添加学员")).toHaveLength(5));
    expect(pane("已添加学员").getByText("还没有添加学员")).toBeTruthy();
    fireEvent.click(pageLink("未添加学员", 2));
    await waitFor(() => expect(names("未添加学员")[0]).toBe(everyone[5].Name));

    fireEvent.click(pane("未添加学员").getByRole("button", { name: `添加${everyone[5].Name}` }));
    await waitFor(() => expect(names("已添加学员")).toEqual([everyone[5].Name]));
    expect(server.of("POST", "/cms/studentcourse")[0].body).toEqual({ userid: everyone[5].Id, courseid: 7 });
    await waitFor(() => expect(names("未添加学员")[0]).toBe(everyone[6].Name));
    expect(activePage("未添加学员")).toBe("2");
    expect(await screen.findByText("添加成功")).toBeTruthy();

    // 移除 asks first, as every destructive action does; 取消 leaves the student in the course.
    fireEvent.click(pane("已添加学员").getByRole("button", { name: `移除${everyone[5].Name}` }));
    const asked = await confirmation();
    expect(document.querySelector(".ant-modal-confirm-title")?.textContent).toBe("提示");
    expect(asked.getByText(`确定将学员「${everyone[5].Name}」移出本课程吗？`)).toBeTruthy();
    fireEvent.click(asked.getByRole("button", { name: /^取\s?消$/ }));
    await waitFor(() => expect(document.querySelector(".ant-modal-confirm")).toBeNull());
    expect(server.of("DELETE", "/cms/studentcourse")).toHaveLength(0);
    expect(names("已添加学员")).toEqual([everyone[5].Name]);

    await removeConfirmed(everyone[5].Name);
    await waitFor(() => expect(pane("已添加学员").getByText("还没有添加学员")).toBeTruthy());
    expect(server.of("DELETE", "/cms/studentcourse")[0].query).toEqual({ userid: everyone[5].Id, courseid: 7 });
    await waitFor(() => expect(names("未添加学员")[0]).toBe(everyone[5].Name));
    expect(activePage("未添加学员")).toBe("2");
  });

  it("counts a small class's students against its seats (已添加学员（6/6）) and shows the refusal of a seventh", async () => {
    const roster = rosterAnswers(everyone, [100, 101, 102, 103, 104, 105]);
    serve([...roster, [roster[4][0], failEnvelope(1, courseFullMessage(6))]]);
    renderPage("/courseop", <TwoPanePicker picker={coursePicker} owner={{ ...course, seats: 6 }} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByText("已添加学员（6/6）")).toBeTruthy());
    // The pane of those not added counts them only.
    await waitFor(() => expect(screen.getByText("未添加学员（17）")).toBeTruthy());
    fireEvent.click(pane("未添加学员").getByRole("button", { name: `添加${everyone[6].Name}` }));
    expect(await screen.findByText("课程人数已满（最多6人）")).toBeTruthy();
    // A search counts its matches, not against the seats.
    fireEvent.change(pane("已添加学员").getByRole("textbox", { name: "搜索" }), { target: { value: everyone[1].Mobile } });
    fireEvent.keyDown(pane("已添加学员").getByRole("textbox", { name: "搜索" }), { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.getByText("已添加学员（1）")).toBeTruthy());
  });

  it("steps back a page when a change empties the one shown", async () => {
    const server = serve(rosterAnswers(everyone, [100, 101, 102, 103, 104, 105]));
    open();
    await waitFor(() => expect(names("已添加学员")).toHaveLength(5));
    fireEvent.click(pageLink("已添加学员", 2));
    await waitFor(() => expect(names("已添加学员")).toEqual([everyone[0].Name]));
    await removeConfirmed(everyone[0].Name);
    await waitFor(() => expect(activePage("已添加学员")).toBe("1"));
    await waitFor(() => expect(names("已添加学员")).toHaveLength(5));
    expect(server.of("GET", "/cms/studentcourse").map((call) => call.query.page)).toEqual([1, 2, 2, 1]);
  });

  it("shows a failed load with 重试, and a refused change as the server's message", async () => {
    const failing = [
      ["GET", "/cms/unaddedstudentcourse"],
      ["GET", "/cms/studentcourse"],
    ];
    let broken = true;
    const roster = rosterAnswers(everyone, []);
    const routes: MockRoutes = roster.map(([endpoint, answer]) => {
      const fails = failing.some(([method, path]) => endpoint.method === method && endpoint.path === path);
      if (!fails || typeof answer !== "function") return [endpoint, answer];
      return [endpoint, (input) => (broken ? failEnvelope(500, "查询失败") : (answer as (i: typeof input) => unknown)(input))];
    });
    serve([...routes, [roster[4][0], failEnvelope(1, "该学生已在本课程中")]]);
    open();
    await waitFor(() => expect(pane("未添加学员").getByText("加载失败：查询失败")).toBeTruthy());
    expect(pane("已添加学员").getByText("加载失败：查询失败")).toBeTruthy();

    broken = false;
    fireEvent.click(pane("未添加学员").getByRole("button", { name: /^重\s?试$/ }));
    await waitFor(() => expect(names("未添加学员")).toHaveLength(5));
    fireEvent.click(pane("未添加学员").getByRole("button", { name: `添加${everyone[0].Name}` }));
    expect(await screen.findByText("该学生已在本课程中")).toBeTruthy();
    expect(names("未添加学员")[0]).toBe(everyone[0].Name);
  });
});
