import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { student } from "../../../../resources";
import { setHttpAdapter } from "../../../../providers/http";
import { NumberInput } from "../../../../src/components/number-input";
import { ResourceList } from "../../../../src/engine/resource-list";
import { button, dialog, familyServer, findDialog, people, renderPage, tableRows } from "./support";

afterEach(() => setHttpAdapter());

/**
 * Issue 16 item 4.3: a Chinese console names its controls in Chinese, says which fields are required
 * and which are wrong, and lets a keyboard reveal a password.
 */

async function openStudentAdd() {
  familyServer(student, people(2));
  renderPage(student.route, <ResourceList decl={student} />);
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  fireEvent.click(button("添加"));
  await findDialog();
  return dialog();
}

const field = (form: HTMLElement, placeholder: string) => within(form).getByPlaceholderText(placeholder);

describe("names in Chinese", () => {
  it("names the list's buttons by their words alone, and the dialog's close button 关闭", async () => {
    const form = await openStudentAdd();
    expect(screen.getByRole("button", { name: "搜索" })).toBeTruthy();
    // 添加 shows its spinner (named "loading") until the opened dialog's render has settled.
    expect(await screen.findByRole("button", { name: "添加" })).toBeTruthy();
    expect(within(form).getByRole("button", { name: "关闭" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^(Close|search|plus)\b/ })).toBeNull();
  });

  it("names a number box's step buttons 增加 and 减少", () => {
    render(<NumberInput aria-label="人数" defaultValue={3} />);
    expect(screen.getByRole("button", { name: "增加" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "减少" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Value$/ })).toBeNull();
  });
});

describe("an engine form's fields", () => {
  it("say which are required, and which are wrong once the form is sent", async () => {
    const form = await openStudentAdd();
    const name = field(form, "请输入姓名");
    const password = field(form, "请输入默认密码");
    await waitFor(() => expect(name.getAttribute("aria-required")).toBe("true"));
    expect(password.getAttribute("aria-required")).toBe("true");
    expect(name.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(button("确定", form));
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(name, { target: { value: "王小明" } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
  });

  it("reveal a password with a button in the tab order", async () => {
    const form = await openStudentAdd();
    const password = field(form, "请输入默认密码") as HTMLInputElement;
    const reveal = within(form).getByRole("button", { name: "显示密码" });
    expect(reveal.tagName).toBe("BUTTON");
    expect(reveal.getAttribute("tabindex")).not.toBe("-1");
    expect(reveal.getAttribute("aria-pressed")).toBe("false");
    expect(password.type).toBe("password");
    fireEvent.click(reveal);
    expect(password.type).toBe("text");
    expect(within(form).getByRole("button", { name: "显示密码" }).getAttribute("aria-pressed")).toBe("true");
  });
});
