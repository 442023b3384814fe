import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { assistant, student, subadmin, teacher } from "../../../../resources";
import { setHttpAdapter } from "../../../../providers/http";
import { ResourceList } from "../../../../src/engine/resource-list";
import { fail, HttpReply, ok, type SeenRequest } from "../support/fake-server";
import { button, currentLocation, familyServer, navigate, people, renderPage, tableRows } from "./support";
import { freezeClock } from "../../support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const names = () => tableRows().map((cells) => cells[0]);
const pager = () => document.querySelector<HTMLElement>(".ant-pagination")!;

async function pickPageSize(size: number) {
  fireEvent.mouseDown(pager().querySelector(".ant-select-selector")!);
  fireEvent.click(await screen.findByTitle(`${size} 条/页`));
}

describe("the generated list", () => {
  it("shows the declared columns with their formats and the row actions", async () => {
    familyServer(teacher, people(3));
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    const headers = [...document.querySelectorAll(".ant-table-thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["姓名", "联系方式", "更新时间", "操作"]);
    expect(tableRows()[0]).toEqual(["用户3", "13900000003", "2026-01-01 08:30:00", "查看修改删除变更记录"]);
    expect(screen.getByText("共 3 条")).toBeTruthy();
  });

  it("pages by 10 by default, offers 10/20/50 and keeps page and page size in the URL", async () => {
    const server = familyServer(student, people(57));
    renderPage("/studentop", <ResourceList decl={student} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(server.calls("GET /cms/student")[0].params).toMatchObject({ page: 1, count: 10 });

    fireEvent.click(within(pager()).getByTitle("2"));
    await waitFor(() => expect(names()[0]).toBe("用户47"));
    expect(currentLocation()).toBe("/studentop?page=2");

    await pickPageSize(20);
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(currentLocation()).toBe("/studentop?pageSize=20");
    expect(server.seen.at(-1)?.params).toMatchObject({ page: 1, count: 20 });
    fireEvent.mouseDown(pager().querySelector(".ant-select-selector")!);
    const options = [...document.querySelectorAll(".ant-select-item-option")].map((option) => option.textContent);
    expect(options).toEqual(["10 条/页", "20 条/页", "50 条/页"]);
  });

  it("opens at the place the URL names (a reload or a shared link)", async () => {
    const server = familyServer(student, people(57));
    renderPage("/studentop", <ResourceList decl={student} />, "/studentop?page=3&pageSize=20");
    await waitFor(() => expect(names()).toHaveLength(17));
    expect(server.calls("GET /cms/student")[0].params).toMatchObject({ page: 3, count: 20 });
    expect(pager().querySelector(".ant-pagination-item-active")?.textContent).toBe("3");
  });

  it("searches through the search call with the key, from page 1, and keeps the key in the URL", async () => {
    const rows = [...people(30), { ...people(1, "张三")[0], Id: 99, Mobile: "13712345678" }];
    const server = familyServer(teacher, rows);
    renderPage("/teacherop", <ResourceList decl={teacher} />, "/teacherop?page=2");
    await waitFor(() => expect(names()).toHaveLength(10));
    fireEvent.change(screen.getByPlaceholderText("请输入姓名或手机号"), { target: { value: " 张三 " } });
    fireEvent.click(button("搜索"));
    await waitFor(() => expect(names()).toEqual(["张三1"]));
    expect(server.calls("GET /cms/teachersearch").at(-1)?.params).toMatchObject({ page: 1, count: 10, key: "张三" });
    expect(currentLocation()).toBe(`/teacherop?key=${encodeURIComponent("张三")}`);

    fireEvent.change(screen.getByPlaceholderText("请输入姓名或手机号"), { target: { value: "无此人" } });
    fireEvent.keyDown(screen.getByPlaceholderText("请输入姓名或手机号"), { key: "Enter", code: "Enter", keyCode: 13 });
    expect(await screen.findByText("没有找到与「无此人」匹配的老师")).toBeTruthy();
  });

  it("searches through the list call when that is what the resource declares (assistants)", async () => {
    const server = familyServer(assistant, people(12));
    renderPage("/assistantop", <ResourceList decl={assistant} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    fireEvent.change(screen.getByPlaceholderText("请输入姓名或手机号"), { target: { value: "用户11" } });
    fireEvent.click(button("搜索"));
    await waitFor(() => expect(names()).toEqual(["用户11"]));
    expect(server.calls("GET /cms/assistant").at(-1)?.params).toMatchObject({ page: 1, count: 10, key: "用户11" });
  });

  it("shows no search box for a resource that declares no search", async () => {
    familyServer(subadmin, people(3), {}, ["adminop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByPlaceholderText(/请输入/)).toBeNull();
    expect(tableRows()[0][3]).toBe("修改删除变更记录");
  });

  it("reloads when its route is entered again, as by clicking its menu item", async () => {
    const server = familyServer(teacher, people(3));
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    await waitFor(() => expect(names()).toHaveLength(3));
    act(() => navigate("/teacherop"));
    await waitFor(() => expect(server.calls("GET /cms/teacher")).toHaveLength(2));
  });

  it("keeps rows it has uncovered while they refresh, and covers a page still to come with the spinner", async () => {
    let hold: Promise<void> | null = null;
    const rows = people(25);
    familyServer(student, rows, {
      "GET /cms/student": async ({ params }: SeenRequest) => {
        if (hold) await hold;
        const page = Number(params?.page ?? 1);
        return ok(rows.slice((page - 1) * 10, page * 10), { count: rows.length });
      },
    });
    renderPage("/studentop", <ResourceList decl={student} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    act(() => navigate("/studentop"));
    // Entered again: the refresh runs behind the rows, which stay usable.
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).toBeNull();
    fireEvent.click(within(pager()).getByTitle("2"));
    await waitFor(() => expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).not.toBeNull());
    release();
    hold = null;
    await waitFor(() => expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).toBeNull());
    expect(names()).toHaveLength(10);
  });

  it("goes back to the previous page with the browser's back", async () => {
    familyServer(student, people(25));
    renderPage("/studentop", <ResourceList decl={student} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    fireEvent.click(within(pager()).getByTitle("3"));
    await waitFor(() => expect(names()).toHaveLength(5));
    act(() => navigate(-1 as unknown as string));
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(currentLocation()).toBe("/studentop");
  });

  it("places the parts a declaration names in its toolbar (the students' batch import)", async () => {
    familyServer(student, people(2));
    renderPage("/studentop", <ResourceList decl={student} />);
    await waitFor(() => expect(button("批量导入")).toBeTruthy());
    expect(button("添加")).toBeTruthy();
  });

  it("shows an empty state with no rows", async () => {
    familyServer(teacher, []);
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    expect(await screen.findByText("还没有老师")).toBeTruthy();
  });

  it("shows an error state with 重试 when the first load fails, and recovers", async () => {
    let broken = true;
    familyServer(teacher, people(2), { "GET /cms/teacher": () => (broken ? fail(500, "服务暂不可用") : ok(people(2), { count: 2 })) });
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    expect(await screen.findByText("列表加载失败")).toBeTruthy();
    expect(screen.getByText("服务暂不可用")).toBeTruthy();
    broken = false;
    fireEvent.click(button("重试"));
    await waitFor(() => expect(names()).toHaveLength(2));
  });

  it("keeps the rows it shows when a later load fails", async () => {
    let broken = false;
    familyServer(teacher, people(2), { "GET /cms/teacher": () => (broken ? new HttpReply(500) : ok(people(2), { count: 2 })) });
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    await waitFor(() => expect(names()).toHaveLength(2));
    broken = true;
    act(() => navigate("/teacherop"));
    expect(await screen.findByText(/刷新失败/)).toBeTruthy();
    expect(names()).toEqual(["用户2", "用户1"]);
  });

  it("checks access once per page from the server menu, never per row", async () => {
    const server = familyServer(teacher, people(10));
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(server.calls("GET /cms/loginrouter")).toHaveLength(1);
  });

  it("refuses a page whose menu key the admin does not hold, without listing", async () => {
    const server = familyServer(subadmin, people(3), {}, ["teacherop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    expect(await screen.findByText("无权访问")).toBeTruthy();
    expect(server.calls("GET /cms/subadmin")).toHaveLength(0);
  });
});
