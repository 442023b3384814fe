import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { assistant, student, subadmin, teacher } from "../../../../resources";
import type { ResourceDecl } from "../../../../resources/kernel/define";
import { saveExtendedPermissions, savePortalPermissions } from "../../../../resources/kernel/menu";
import { setHttpAdapter } from "../../../../providers/http";
import { ResourceList } from "../../../../src/engine/resource-list";
import { fail } from "../support/fake-server";
import { button, checkbox, dialog, familyServer, fieldErrors, findDialog, noDialog, people, renderPage, tableRows, type UserRow } from "./support";

afterEach(() => setHttpAdapter());

const input = (placeholder: string) => within(dialog()).getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });
const confirm = () => fireEvent.click(button("确定", dialog()));
const toast = () => document.querySelector(".ant-message")?.textContent ?? "";

async function openList(decl: ResourceDecl, rows: UserRow[], overrides = {}) {
  const server = familyServer(decl, rows, overrides);
  renderPage(decl.route, <ResourceList decl={decl} />);
  await waitFor(() => expect(tableRows()).toHaveLength(Math.min(rows.length, 10)));
  return server;
}

async function openAdd(decl: ResourceDecl, rows: UserRow[] = people(2), overrides = {}) {
  const server = await openList(decl, rows, overrides);
  fireEvent.click(button("添加"));
  await findDialog();
  return server;
}

async function openEdit(decl: ResourceDecl, rows: UserRow[]) {
  const server = await openList(decl, rows);
  fireEvent.click(within(document.querySelector<HTMLElement>(".ant-table-tbody tr.ant-table-row")!).getByText("修改"));
  await findDialog();
  return server;
}

describe("the add dialog", () => {
  it("checks the session first, then opens on the first field with the dialog's own buttons", async () => {
    const server = await openAdd(student);
    expect(server.calls("GET /cms/intercheck")).toHaveLength(1);
    expect(within(dialog()).getByText("添加学生")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input("请输入姓名")));
    expect(within(dialog()).queryByText(/submit/i)).toBeNull();
    expect(button("取消", dialog())).toBeTruthy();
  });

  it("gives the student messages in the spec's order: name, phone, phone format, password", async () => {
    const server = await openAdd(student);
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写用户名", "请填写手机号", "请填写默认密码"]));
    type("请输入姓名", "王小明");
    type("请输入手机号", "123");
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写正确的手机号", "请填写默认密码"]));
    type("请输入默认密码", "abc123");
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写正确的手机号"]));
    expect(server.calls("POST /cms/student")).toHaveLength(0);
  });

  it("gives the teacher messages in the spec's order: name, phone, password, then phone format", async () => {
    await openAdd(teacher);
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写用户名", "请填写手机号", "请填写默认密码"]));
    type("请输入姓名", "王老师");
    type("请输入手机号", "123");
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写默认密码"]));
    type("请输入默认密码", "abc123");
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写正确的手机号"]));
  });

  it("adds a teacher with the default permissions, says 添加成功 and reloads the list", async () => {
    const server = await openAdd(teacher);
    expect(checkbox("个人云盘")).toHaveProperty("checked", true);
    expect(checkbox("机构云盘（只读）")).toHaveProperty("checked", false);
    type("请输入姓名", "王老师");
    type("请输入手机号", "13712345678");
    type("请输入默认密码", "abc123");
    type("请输入昵称", "小王");
    // Enter submits; a second Enter while the first is on its way sends nothing more.
    fireEvent.keyDown(input("请输入昵称"), { key: "Enter", code: "Enter" });
    fireEvent.keyDown(input("请输入昵称"), { key: "Enter", code: "Enter" });
    await waitFor(() => expect(server.calls("POST /cms/teacher")).toHaveLength(1));
    expect(server.calls("POST /cms/teacher")[0].body).toEqual({
      name: "王老师",
      mobile: "13712345678",
      passwd: "abc123",
      nick: "小王",
      userop: JSON.stringify(savePortalPermissions("teacher")),
    });
    await waitFor(() => expect(toast()).toContain("添加成功"));
    await waitFor(() => expect(tableRows()[0][0]).toBe("王老师"));
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(server.calls("POST /cms/teacher")).toHaveLength(1);
  });

  it("shows the server's msg as a toast and under the field it names", async () => {
    const server = await openAdd(student, people(2), {
      "POST /cms/student": fail(1, "该手机号已存在", { field: "mobile" }),
    });
    type("请输入姓名", "王小明");
    type("请输入手机号", "13712345678");
    type("请输入默认密码", "abc123");
    confirm();
    await waitFor(() => expect(toast()).toContain("该手机号已存在"));
    expect(fieldErrors()).toEqual(["该手机号已存在"]);
    expect(server.calls("POST /cms/student")).toHaveLength(1);
    // The message goes once the person changes the number.
    type("请输入手机号", "13712345679");
    await waitFor(() => expect(fieldErrors()).toEqual([]));
  });

  it("cancels with Esc without calling the server", async () => {
    const server = await openAdd(student);
    type("请输入姓名", "王小明");
    fireEvent.keyDown(input("请输入姓名"), { key: "Escape", code: "Escape", keyCode: 27 });
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(server.calls("POST /cms/student")).toHaveLength(0);
  });
});

describe("the edit dialog", () => {
  it("fills the student's name and phone from the row and says 用户名不能为空 / 手机号不能为空 when emptied", async () => {
    const server = await openEdit(student, people(2));
    expect(within(dialog()).getByText("修改学生")).toBeTruthy();
    expect(input("请输入姓名").value).toBe("用户2");
    expect(input("请输入手机号").value).toBe("13900000002");
    expect(within(dialog()).queryByPlaceholderText("请输入默认密码")).toBeNull();
    type("请输入姓名", "");
    type("请输入手机号", "");
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["用户名不能为空", "手机号不能为空"]));
    type("请输入姓名", "李四");
    type("请输入手机号", "1370000");
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写正确的手机号"]));
    expect(server.calls("PATCH /cms/student")).toHaveLength(0);
  });

  it("sends {id, name, mobile} for a student and says 修改成功", async () => {
    const server = await openEdit(student, people(2));
    type("请输入姓名", "李四");
    confirm();
    await waitFor(() => expect(server.calls("PATCH /cms/student")).toHaveLength(1));
    expect(server.calls("PATCH /cms/student")[0].body).toEqual({ id: 2, name: "李四", mobile: "13900000002" });
    await waitFor(() => expect(toast()).toContain("修改成功"));
    await waitFor(() => expect(tableRows()[0][0]).toBe("李四"));
  });

  it("shows a teacher's name and permissions only, and still sends the phone it keeps", async () => {
    const rows = people(1);
    rows[0].UserOp = JSON.stringify(savePortalPermissions("teacher", ["clouddiskop"]));
    const server = await openEdit(teacher, rows);
    expect(within(dialog()).queryByPlaceholderText("请输入手机号")).toBeNull();
    const org = checkbox("机构云盘（只读）");
    expect(org).toHaveProperty("checked", true);
    fireEvent.click(checkbox("个人云盘"));
    confirm();
    await waitFor(() => expect(server.calls("PATCH /cms/teacher")).toHaveLength(1));
    expect(server.calls("PATCH /cms/teacher")[0].body).toEqual({
      id: 1,
      name: "用户1",
      mobile: "13900000001",
      userop: JSON.stringify(savePortalPermissions("teacher", ["clouddiskop", "teaclouddiskop"])),
    });
  });

  it("shows an assistant's phone as well", async () => {
    await openEdit(assistant, people(1));
    expect(input("请输入手机号").value).toBe("13900000001");
    expect(checkbox("个人云盘")).toBeTruthy();
  });

  it("gives a sub-admin name, backend permissions and extended permissions", async () => {
    const rows = people(1).map((row) => ({ ...row, UserOpEx: JSON.stringify(saveExtendedPermissions()) }));
    familyServer(subadmin, rows, {}, ["adminop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    fireEvent.click(await screen.findByText("修改"));
    await findDialog();
    const labels = [...dialog().querySelectorAll(".ant-form-item-label label")].map((label) => label.textContent);
    expect(labels).toEqual(["姓名", "后台权限", "直播系统权限"]);
    expect(checkbox("大班课")).toHaveProperty("checked", true);
  });
});

describe("row actions", () => {
  it("查看 goes to the declared detail route with the row's fields", async () => {
    await openList(student, people(2));
    fireEvent.click(screen.getAllByText("查看")[1]);
    expect((await screen.findByTestId("landed")).textContent).toBe("/studentInfo?mobile=13900000001");
  });

  it("删除 asks 提示 naming the record, deletes by id, says 删除成功 and reloads", async () => {
    const server = await openList(teacher, people(3));
    fireEvent.click(screen.getAllByText("删除")[0]);
    const confirmDialog = await findDialog();
    expect(confirmDialog.querySelector(".ant-modal-confirm-title")?.textContent).toBe("提示");
    expect(confirmDialog.querySelector(".ant-modal-confirm-content")?.textContent).toBe("确定删除老师「用户3」吗？");
    expect(button("取消", confirmDialog)).toBeTruthy();
    fireEvent.click(button("确定", confirmDialog));
    await waitFor(() => expect(server.calls("DELETE /cms/teacher")).toHaveLength(1));
    expect(server.calls("DELETE /cms/teacher")[0].params).toEqual({ id: 3 });
    await waitFor(() => expect(toast()).toContain("删除成功"));
    await waitFor(() => expect(tableRows().map((cells) => cells[0])).toEqual(["用户2", "用户1"]));
  });

  it("取消 deletes nothing; a refused deletion says nothing and the list stays", async () => {
    const server = await openList(teacher, people(2), { "DELETE /cms/teacher": fail(1, "记录不存在") });
    fireEvent.click(screen.getAllByText("删除")[0]);
    fireEvent.click(button("取消", await findDialog()));
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(server.calls("DELETE /cms/teacher")).toHaveLength(0);
    fireEvent.click(screen.getAllByText("删除")[0]);
    fireEvent.click(button("确定", await findDialog()));
    await waitFor(() => expect(server.calls("DELETE /cms/teacher")).toHaveLength(1));
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(toast()).toBe("");
    expect(tableRows()).toHaveLength(2);
  });

  it("添加 on the sub-admin list goes to the full-page form", async () => {
    familyServer(subadmin, people(1), {}, ["adminop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    fireEvent.click(await waitFor(() => button("添加")));
    expect((await screen.findByTestId("landed")).textContent).toBe("/createAdmin");
  });

  it("快速添加 on the sub-admin list opens the same form as a dialog: name, phone, password, nickname, backend permissions", async () => {
    const server = familyServer(subadmin, people(1), {}, ["adminop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    fireEvent.click(await waitFor(() => button("快速添加")));
    await findDialog();
    expect(within(dialog()).getByText("添加管理员")).toBeTruthy();
    const labels = [...dialog().querySelectorAll(".ant-form-item-label label")].map((label) => label.textContent);
    expect(labels).toEqual(["姓名", "手机号", "默认密码", "昵称", "后台权限"]);
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["请填写用户名", "请填写手机号", "请填写默认密码"]));
    type("请输入姓名", "钱管理");
    type("请输入手机号", "13612345679");
    type("请输入默认密码", "abc123");
    fireEvent.click(checkbox("老师管理", dialog()));
    confirm();
    await waitFor(() => expect(server.calls("POST /cms/subadmin")).toHaveLength(1));
    expect(server.calls("POST /cms/subadmin")[0].body).toMatchObject({ name: "钱管理", mobile: "13612345679", passwd: "abc123" });
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(screen.queryByTestId("landed")).toBeNull();
  });
});
