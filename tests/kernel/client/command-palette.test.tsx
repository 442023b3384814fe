import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { assistant, emulateTemplate, live, student, teacher, vodSession } from "../../../resources";
import { setHttpAdapter } from "../../../providers/http";
import { courseAnswers, courseRows } from "../../../stories/courses/course-answers";
import { familyAnswers, userRows } from "../../../stories/engine/engine-answers";
import { mockAdapter, okEnvelope, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { signedInAdmin } from "../../../stories/support/answers";
import { userManagementMenu } from "../../../stories/support/fixtures";
import { renderConsole } from "./support/console";
import { isolateSession } from "./support/isolate";

const teachers = userRows(teacher, 12);

/** The stories' own answers: a main admin (or the given menu) with teachers, students and courses. */
function paletteServer(extra: MockRoutes = [], menu?: Parameters<typeof signedInAdmin>[0]) {
  const calls: MockCall[] = [];
  const routes: MockRoutes = [
    ...familyAnswers(teacher, teachers),
    ...familyAnswers(assistant, userRows(assistant, 12)),
    ...familyAnswers(student, userRows(student, 12)),
    ...courseAnswers(courseRows(6)),
    ...familyAnswers(emulateTemplate, userRows(emulateTemplate, 3)),
    // Lives and recorded sessions are searched by name too; none matches here.
    [live.api.search!, okEnvelope([], { count: 0 })],
    [vodSession.api.search!, okEnvelope([], { count: 0 })],
    // Last, so its menu wins over the main admin's that the list answers carry.
    ...signedInAdmin(menu),
    ...extra,
  ];
  setHttpAdapter(mockAdapter(routes, { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { searches: (path: string) => calls.filter((call) => call.path === path) };
}

const openPalette = async () => {
  // The shell has its menu once the sidebar shows it.
  await screen.findByText("用户管理");
  fireEvent.keyDown(window, { key: "k", ctrlKey: true });
  const input = await screen.findByRole("combobox", { name: "搜索页面或记录" });
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input;
};
const options = () => screen.queryAllByRole("option").map((option) => option.textContent);
const activeOption = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent;

describe("command palette", () => {
  isolateSession();

  it("lists the granted pages, finds records of every searchable resource and opens one with the keyboard", async () => {
    const server = paletteServer();
    renderConsole("/changepwd");
    const input = await openPalette();
    expect(options()).toContain("老师管理/teacherop");

    const wanted = teachers[3];
    fireEvent.change(input, { target: { value: wanted.Name } });
    await waitFor(() => expect(options()).toContain(`${wanted.Name}${wanted.Mobile}`));
    // Every declared resource with a search call was asked, each with its own free-text parameter.
    expect(server.searches("/cms/teachersearch").at(-1)!.query).toMatchObject({ key: wanted.Name });
    expect(server.searches("/cms/studentsearch").at(-1)!.query).toMatchObject({ key: wanted.Name });
    expect(server.searches("/cms/coursesearch").at(-1)!.query).toMatchObject({ title: wanted.Name });
    // The recorded courses are the course search with their type fixed (resources/vod/vod-course.ts).
    expect(server.searches("/cms/coursesearch").map((call) => call.query)).toContainEqual(expect.objectContaining({ title: wanted.Name, type: 200 }));

    const listbox = screen.getByRole("listbox", { name: "页面和记录" });
    expect(within(listbox).getByRole("group", { name: "老师管理" })).toBeTruthy();
    const target = options().indexOf(`${wanted.Name}${wanted.Mobile}`);
    for (let i = 0; i < target; i += 1) fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(activeOption(input)).toBe(`${wanted.Name}${wanted.Mobile}`);
    fireEvent.keyDown(input, { key: "Enter" });

    // The teacher's detail page (the declaration's `show`), and the palette closed.
    await waitFor(() => expect(screen.getAllByText("老师详情").length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "搜索页面或记录" })).toBeNull());
  });

  it("walks round with the arrow keys, opens a page with Enter and closes with Escape", async () => {
    paletteServer();
    renderConsole("/changepwd");
    let input = await openPalette();
    fireEvent.change(input, { target: { value: "学生" } });
    await waitFor(() => expect(activeOption(input)).toBe("学生管理/studentop"));
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(activeOption(input)).toBe(options().at(-1));
    fireEvent.keyDown(input, { key: "Home" });

    fireEvent.keyDown(input, { key: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "搜索页面或记录" })).toBeNull());

    input = await openPalette();
    // A fresh palette: the last query is gone.
    expect((input as HTMLInputElement).value).toBe("");
    fireEvent.change(input, { target: { value: "studentop" } });
    await waitFor(() => expect(activeOption(input)).toBe("学生管理/studentop"));
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(document.querySelector(".ant-card-head-title")?.textContent).toBe("学生管理"));
  });

  it("offers only what the account holds: a sub-admin of user management neither sees nor searches courses", async () => {
    const server = paletteServer([], { menu: userManagementMenu });
    renderConsole("/changepwd");
    const input = await openPalette();
    expect(options()).not.toContain("课程管理/courseop");
    fireEvent.change(input, { target: { value: teachers[0].Name } });
    await waitFor(() => expect(options()).toContain(`${teachers[0].Name}${teachers[0].Mobile}`));
    expect(server.searches("/cms/coursesearch")).toHaveLength(0);
  });

  it("says when nothing matches and which search failed", async () => {
    paletteServer([[student.api.search!, { code: 500, data: null, msg: "学生服务暂不可用" }]]);
    renderConsole("/changepwd");
    const input = await openPalette();
    fireEvent.change(input, { target: { value: "无此人无此页" } });
    await waitFor(() => expect(within(screen.getByRole("dialog")).getByRole("status").textContent).toBe("没有匹配的页面或记录；学生管理搜索失败"));
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("has no accessibility violations with pages and records listed", async () => {
    paletteServer();
    renderConsole("/changepwd");
    const input = await openPalette();
    fireEvent.change(input, { target: { value: teachers[0].Name } });
    await waitFor(() => expect(options()).toContain(`${teachers[0].Name}${teachers[0].Mobile}`));
    const dialog = screen.getByRole("dialog");
    // jsdom lays nothing out, so contrast is checked in the browser (tests/kernel/e2e/accessibility.e2e.ts), not here.
    const result = await axe.run(dialog, { runOnly: ["wcag2a", "wcag2aa"], rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`)).toEqual([]);
  });
});
