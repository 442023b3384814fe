import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ep } from "../../../../resources/kernel/endpoint";
import { defineFormPage } from "../../../../resources/kernel/form-page";
import { engineRegistry } from "../../../../src/app/engine-registry";
import { FormPage } from "../../../../src/engine/form-page";
import type { FormPanelProps } from "../../../../src/engine/form-page-parts";
import { createEngineRegistry, EngineRegistryProvider } from "../../../../src/engine/registry";
import { fail, fakeServer, ok } from "../support/fake-server";
import { renderPage } from "./support";

// A declaration of the test's own over a two-field form (whitelist.edit: 用户名, 密码), so the
// engine is checked apart from any screen that uses it.
const read = ep("GET /cms/test-setting");
const write = ep("PATCH /cms/test-setting");

/** Says the 用户名 as typed, to show a panel follows the form's values. */
const Echo = ({ values }: FormPanelProps) => <div data-testid="echo">{`正在输入：${String(values.username ?? "")}`}</div>;
const Notice = ({ record }: FormPanelProps) => <div data-testid="notice">{`记录：${String(record?.username ?? "")}`}</div>;
const registry = createEngineRegistry({ widgets: engineRegistry.widgets, panels: { echo: Echo, notice: Notice } });

const sectioned = defineFormPage({
  route: "/testSections",
  title: "分节表单",
  kind: "single",
  form: "whitelist.edit",
  read: { call: read, failed: "设置加载失败" },
  above: ["notice"],
  sections: [{ title: "第一部分", fields: ["password"], panel: "echo" }, { title: "第二部分", fields: ["username"] }],
  save: { call: write, success: "保存成功", failure: { prefix: "保存失败：" }, changedOnly: true, after: "stay" },
});

function open(decl = sectioned) {
  return renderPage(
    decl.route,
    <EngineRegistryProvider registry={registry}>
      <FormPage decl={decl} />
    </EngineRegistryProvider>,
  );
}

const input = (id: string) => document.querySelector<HTMLInputElement>(`input#root_${id}`)!;
const saveButton = () => [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.replace(/\s/g, "") === "确定")!;
const shown = () => waitFor(() => expect(input("username").value).toBe("张三"));
const server = (answer = ok({ ok: true })) =>
  fakeServer({ "GET /cms/loginrouter": ok({ groups: [], keys: [] }), "GET /cms/test-setting": ok({ username: "张三", password: "old-pass", Id: 9 }), "PATCH /cms/test-setting": answer });

describe("a declared full-page form", () => {
  it("draws its sections in the declared order with their headings, a panel above and one under its section that follows the typing", async () => {
    server();
    open();
    await shown();
    const form = document.querySelector("form")!;
    const text = form.textContent ?? "";
    expect(text.indexOf("第一部分")).toBeLessThan(text.indexOf("密码"));
    expect(text.indexOf("密码")).toBeLessThan(text.indexOf("正在输入"));
    expect(text.indexOf("正在输入")).toBeLessThan(text.indexOf("第二部分"));
    expect(text.indexOf("第二部分")).toBeLessThan(text.indexOf("用户名"));
    expect(screen.getByTestId("notice").textContent).toBe("记录：张三");
    fireEvent.change(input("username"), { target: { value: "李四" } });
    await waitFor(() => expect(screen.getByTestId("echo").textContent).toBe("正在输入：李四"));
  });
});

describe("a single-record form", () => {
  it("reads its record, waits for a change before 确定, saves only the form's fields, and stays with what it saved", async () => {
    const fake = server();
    open();
    await shown();
    expect(input("password").value).toBe("old-pass");
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input("username"), { target: { value: "李四" } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(fake.calls("PATCH /cms/test-setting")).toHaveLength(1));
    expect(fake.calls("PATCH /cms/test-setting")[0].body).toEqual({ username: "李四", password: "old-pass" });
    expect(await screen.findByText("保存成功")).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input("username").value).toBe("李四");
  });

  it("keeps what was typed when the save is refused, with the server's words in the toast and under the field it names", async () => {
    server(fail(1, "用户名已被占用", { field: "username" }));
    open();
    await shown();
    fireEvent.change(input("username"), { target: { value: "王五" } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText("保存失败：用户名已被占用")).toBeTruthy();
    await waitFor(() => expect([...document.querySelectorAll(".ant-form-item-explain-error")].map((n) => n.textContent)).toContain("用户名已被占用"));
    expect(input("username").value).toBe("王五");
    expect(saveButton().disabled).toBe(false);
  });

  it("says when its record cannot be read, with 重试", async () => {
    fakeServer({ "GET /cms/loginrouter": ok({ groups: [], keys: [] }), "GET /cms/test-setting": fail(500, "服务器错误") });
    open();
    expect(await screen.findByText("设置加载失败")).toBeTruthy();
    expect(screen.getByRole("button", { name: /重\s?试/ })).toBeTruthy();
  });
});
