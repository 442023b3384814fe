import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pushConfigForm } from "../../../resources/data-push/forms";
import { pushConfigDefaults, type PushConfig } from "../../../resources/data-push/push-api";
import { FormPage } from "../../../src/engine/form-page";
import { fail, fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";
import { renderPage } from "../../kernel/client/engine/support";
import { freezeClock } from "../../kernel/support/clock";

// The log row is shown with its time.
freezeClock("2026-11-20T12:00:00+08:00");

const receiver = "https://hooks.example.com/lectern";
const delivery = { Id: 7, Event: "recharge.paid", Url: receiver, StatusCode: 200, LatencyMs: 12, Attempts: 1, State: "done", Error: "", Body: '{"event":"recharge.paid"}', CreateTime: "2026-11-20 10:00:00", UpdateTime: "2026-11-20 10:00:00" };

function server(patch: Handler | ReturnType<typeof ok>) {
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["pushDataOp"] }),
    "GET /cms/apinotify": ok(pushConfigDefaults),
    "PATCH /cms/apinotify": patch,
    "GET /cms/apinotify/secret": ok({ secret: "ab".repeat(32) }),
    "GET /cms/apinotify/log": ok([delivery], { count: 1 }),
  });
}

const open = () => renderPage(pushConfigForm.route, <FormPage decl={pushConfigForm} />);
const saveButton = () => [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.replace(/\s/g, "") === "确定")!;

/** /pushDataOp (3 §2.7, §5, §8): the master switch, each api's checkbox and address, the save's words, the secret and the log. */
describe("/pushDataOp", () => {
  it("enables an address box only while the master switch and its checkbox are on, and saves what was set", async () => {
    const fake = server(ok(pushConfigDefaults, { msg: "配置保存成功！5分钟生效" }));
    open();
    const check = await screen.findByRole("checkbox", { name: "充值到账" });
    const box = screen.getByLabelText<HTMLInputElement>("充值到账接口地址");
    expect((check as HTMLInputElement).disabled).toBe(true);
    expect(box.disabled).toBe(true);
    fireEvent.click(screen.getByRole("switch", { name: "数据推送总开关" }));
    await waitFor(() => expect((check as HTMLInputElement).disabled).toBe(false));
    expect(box.disabled).toBe(true);
    fireEvent.click(check);
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: receiver } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(fake.calls("PATCH /cms/apinotify")).toHaveLength(1));
    const sent = fake.calls("PATCH /cms/apinotify")[0].body as unknown as PushConfig;
    expect(sent.status).toBe(1);
    expect(sent.config.flatMap((g) => g.apis).filter((a) => a.status === 1)).toEqual([{ event: "recharge.paid", name: "充值到账", url: receiver, status: 1 }]);
    expect(await screen.findByText("配置保存成功！5分钟生效")).toBeTruthy();
  });

  it("says the server's words for an entry it refuses, and 配置保存失败 otherwise", async () => {
    const answers = [fail(400, "请输入【充值到账】接口地址", { field: "config" }), fail(500, "服务器内部错误")];
    server(() => answers.shift()!);
    open();
    fireEvent.click(await screen.findByRole("switch", { name: "数据推送总开关" }));
    fireEvent.click(saveButton());
    expect((await screen.findAllByText("请输入【充值到账】接口地址")).length).toBeGreaterThan(0);
    fireEvent.click(saveButton());
    expect(await screen.findByText("配置保存失败")).toBeTruthy();
  });

  it("shows the signing secret and the delivery log", async () => {
    server(ok(pushConfigDefaults));
    open();
    expect(await screen.findByText("ab".repeat(32))).toBeTruthy();
    expect(await screen.findByText("充值·充值到账")).toBeTruthy();
    expect(screen.getByText(receiver)).toBeTruthy();
    expect(screen.getByRole("button", { name: "重新推送" })).toBeTruthy();
  });
});
