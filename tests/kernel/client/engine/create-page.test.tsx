import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { subadmin } from "../../../../resources";
import { saveExtendedPermissions, savePermissions } from "../../../../resources/kernel/menu";
import { setHttpAdapter } from "../../../../providers/http";
import { FormPage } from "../../../../src/engine/form-page";
import { resourceFormPage } from "../../../../src/engine/resource-form-page";
import { button, checkbox, familyServer, people, renderPage } from "./support";

afterEach(() => setHttpAdapter());

const createAdmin = resourceFormPage(subadmin, "create");

const page = () => document.querySelector<HTMLElement>(".ant-card")!;
const errors = () => [...page().querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe("/createAdmin, the full-page sub-admin form", () => {
  it("asks for name, phone, password and nickname with the backend-permission checklist, and adds", async () => {
    const server = familyServer(subadmin, people(1), {}, ["adminop"]);
    renderPage("/createAdmin", <FormPage decl={createAdmin} />);
    await screen.findByText("添加管理员");
    await screen.findByPlaceholderText("请输入姓名");
    expect(server.calls("GET /cms/intercheck")).toHaveLength(1);
    const labels = [...page().querySelectorAll(".ant-form-item-label label")].map((label) => label.textContent);
    expect(labels).toEqual(["姓名", "手机号", "默认密码", "昵称", "后台权限"]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText("请输入姓名")));

    fireEvent.click(button("确定"));
    await waitFor(() => expect(errors()).toEqual(["请填写用户名", "请填写手机号", "请填写默认密码"]));

    type("请输入姓名", "赵管理");
    type("请输入手机号", "13612345678");
    type("请输入默认密码", "abc123");
    fireEvent.click(checkbox("老师管理", page()));
    fireEvent.click(button("确定"));
    await waitFor(() => expect(server.calls("POST /cms/subadmin")).toHaveLength(1));
    expect(server.calls("POST /cms/subadmin")[0].body).toEqual({
      name: "赵管理",
      mobile: "13612345678",
      passwd: "abc123",
      userop: JSON.stringify(savePermissions(["teacherop"])),
      useropex: JSON.stringify(saveExtendedPermissions()),
    });
    expect((await screen.findByTestId("landed")).textContent).toBe("/adminop");
  });

  it("is the main admin's only", async () => {
    familyServer(subadmin, people(1), {}, ["teacherop", "studentop"]);
    renderPage("/createAdmin", <FormPage decl={createAdmin} />);
    expect(await screen.findByText("无权访问")).toBeTruthy();
  });

  it("取消 returns to the list", async () => {
    const server = familyServer(subadmin, people(1), {}, ["adminop"]);
    renderPage("/createAdmin", <FormPage decl={createAdmin} />);
    await screen.findByText("添加管理员");
    await screen.findByPlaceholderText("请输入姓名");
    fireEvent.click(button("取消"));
    expect((await screen.findByTestId("landed")).textContent).toBe("/adminop");
    expect(server.calls("POST /cms/subadmin")).toHaveLength(0);
  });
});
