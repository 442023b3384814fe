import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultValidatorSettings, phoneField } from "../../../resources/lives/live-validator";
import type { ValidatorSettings } from "../../../resources/lives/live-api";
import { setHttpAdapter } from "../../../providers/http";
import { VerificationDrawer } from "../../../src/features/lives/verification/verification-drawer";
import { mockAdapter, type MockCall } from "../../../stories/mock-api";
import { verificationAnswers, whitelistSettings, type VerificationStage } from "../../../stories/lives/verification-answers";
import { button, renderPage } from "../../users/client/render-page";

const live = { id: 42, title: "高一数学公开课" };

/** The stories' validator service behind the real providers; every call is kept. */
function serve(stage: VerificationStage = {}) {
  const calls: MockCall[] = [];
  const answers = verificationAnswers(stage);
  setHttpAdapter(mockAdapter(answers, { delayMs: 0, onCall: (call) => calls.push(call) }));
  const of = (method: string, path: string) => calls.filter((call) => call.method === method && call.path.endsWith(path));
  return { calls, of, state: answers.state };
}

function open() {
  const onClose = vi.fn();
  renderPage("/liveop", <VerificationDrawer live={live} onClose={onClose} />);
  return onClose;
}

const drawer = () => within(document.querySelector<HTMLElement>(".ant-drawer")!);
// Role queries walk antd's whole tree each time (seconds on this drawer); these read the labels directly.
const labelled = <T extends HTMLElement = HTMLElement>(label: string, tag = "*") => {
  const found = document.querySelector<T>(`${tag}[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
};
const group = (label: string) => labelled(label, "[role=group]");
const radio = (label: string) => [...document.querySelectorAll<HTMLInputElement>("input[type=radio]")].find((input) => input.closest("label")?.textContent === label)!;
const ready = () => waitFor(() => expect(radio("无密码")).toBeTruthy());
const confirmDialog = () => document.querySelector<HTMLElement>(".ant-modal-confirm");
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";

async function save() {
  fireEvent.click(button("保存"));
}

describe("the verification drawer", () => {
  afterEach(() => setHttpAdapter());

  it("asks for the live's token, reads the settings with it, and saves the default for a live that has none", async () => {
    const server = serve();
    open();
    expect(screen.getByText("设置验证方式")).toBeTruthy();
    await ready();
    expect(server.of("GET", "/cms/liveiframetoken")[0].query).toEqual({ liveid: 42 });
    expect(server.of("GET", "/admin/validator")[0].query).toEqual({ roomid: 42, token: "story-token-42" });
    const saved = server.of("POST", "/admin/validator");
    expect(saved).toHaveLength(1);
    expect(saved[0].query).toEqual({ roomid: 42, token: "story-token-42" });
    expect(saved[0].body).toEqual(defaultValidatorSettings);
    expect(radio("无密码").checked).toBe(true);
    expect(document.querySelector<HTMLElement>("[role=switch]")!.getAttribute("aria-checked")).toBe("false");
  });

  it("does not save over settings the live already has", async () => {
    const server = serve({ settings: whitelistSettings });
    open();
    await waitFor(() => expect(radio("白名单").checked).toBe(true));
    expect(server.of("POST", "/admin/validator")).toHaveLength(0);
    expect(group("第3项：年级")).toBeTruthy();
  });

  it("says 获取webtoken失败 when the token cannot be had, and reads nothing without one", async () => {
    const server = serve({ tokenFails: true });
    open();
    await waitFor(() => expect(drawer().getByText("获取webtoken失败")).toBeTruthy());
    expect(server.of("GET", "/admin/validator")).toHaveLength(0);
  });

  it("says 获取校验方式数据失败 when the settings cannot be read, and tries again on 重试", async () => {
    const server = serve({ settingsFail: "服务暂不可用" });
    open();
    await waitFor(() => expect(drawer().getByText("获取校验方式数据失败")).toBeTruthy());
    fireEvent.click(button("重试"));
    await waitFor(() => expect(server.of("GET", "/admin/validator")).toHaveLength(2));
  });

  it("closes at once when nothing changed, and asks 当前信息未保存，是否关闭 when something did", async () => {
    serve({ settings: defaultValidatorSettings });
    const onClose = open();
    await ready();
    fireEvent.click(document.querySelector(".ant-drawer-close")!);
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(radio("单一密码"));
    fireEvent.click(document.querySelector(".ant-drawer-close")!);
    await waitFor(() => expect(confirmDialog()?.textContent).toContain("当前信息未保存，是否关闭"));
    fireEvent.click(within(confirmDialog()!).getByRole("button", { name: /取\s?消/ }));
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(document.querySelector(".ant-drawer-close")!);
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    fireEvent.click(within(confirmDialog()!).getByRole("button", { name: /关\s?闭/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it("asks 是否提交内容 before saving, and sends the settings only on 确定", async () => {
    const server = serve({ settings: defaultValidatorSettings });
    open();
    await ready();
    fireEvent.click(radio("单一密码"));
    fireEvent.change(document.querySelector("#verification-password")!, { target: { value: "abc123" } });
    await save();
    await waitFor(() => expect(confirmDialog()?.textContent).toContain("是否提交内容"));
    fireEvent.click(within(confirmDialog()!).getByRole("button", { name: /取\s?消/ }));
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(server.of("POST", "/admin/validator")).toHaveLength(0);

    await save();
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    fireEvent.click(within(confirmDialog()!).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(server.of("POST", "/admin/validator")).toHaveLength(1));
    expect(server.of("POST", "/admin/validator")[0].body).toMatchObject({ check: 3, password: "abc123" });
    await waitFor(() => expect(toasts()).toContain("保存成功!"));
  });

  it("refuses a single password left empty with the schema's words, sending nothing", async () => {
    const server = serve({ settings: defaultValidatorSettings });
    open();
    await ready();
    fireEvent.click(radio("单一密码"));
    await save();
    await waitFor(() => expect(toasts()).toContain("请输入验证密码"));
    expect(confirmDialog()).toBeNull();
    expect(server.of("POST", "/admin/validator")).toHaveLength(0);
  });
});

describe("the registration form designer", () => {
  afterEach(() => setHttpAdapter());

  const settingsWith = (data: ValidatorSettings["extra"]["data"]): ValidatorSettings => ({ ...defaultValidatorSettings, extra: { isRecord: 2, data } });
  const groups = () => [...document.querySelectorAll("[role=group]")].map((node) => node.getAttribute("aria-label"));

  it("starts with the phone field, fixed first, required, neither movable nor removable", async () => {
    serve({ settings: defaultValidatorSettings });
    open();
    await ready();
    fireEvent.click(document.querySelector<HTMLElement>("[role=switch]")!);
    const phone = await waitFor(() => group("第1项：手机号"));
    expect(within(phone).queryByRole("button", { name: /上移|下移|删除/ })).toBeNull();
    expect((within(phone).getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
    expect((within(phone).getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);
    expect(within(phone).queryByRole("combobox")).toBeNull();
  });

  it("adds, names, moves with the keyboard-usable buttons and removes fields", async () => {
    const server = serve({ settings: settingsWith([phoneField]) });
    open();
    await waitFor(() => group("第1项：手机号"));
    fireEvent.click(button("添加信息项"));
    fireEvent.click(button("添加信息项"));
    fireEvent.change(labelled("第2项信息名称", "input"), { target: { value: "姓名" } });
    fireEvent.change(labelled("第3项信息名称", "input"), { target: { value: "学校" } });
    expect(groups()).toEqual(["第1项：手机号", "第2项：姓名", "第3项：学校"]);
    expect((labelled("上移第2项", "button") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(labelled("上移第3项", "button"));
    expect(groups()).toEqual(["第1项：手机号", "第2项：学校", "第3项：姓名"]);
    // The caret follows the moved field; it cannot go higher than second, so it lands on 下移.
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("下移第2项"));
    fireEvent.click(document.activeElement!);
    expect(groups()).toEqual(["第1项：手机号", "第2项：姓名", "第3项：学校"]);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("上移第3项"));
    fireEvent.click(document.activeElement!);
    fireEvent.click(labelled("删除第3项", "button"));
    expect(groups()).toEqual(["第1项：手机号", "第2项：学校"]);

    await save();
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    fireEvent.click(within(confirmDialog()!).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(server.of("POST", "/admin/validator")).toHaveLength(1));
    expect(server.state.settings?.extra.data.map((f) => f.name)).toEqual(["手机号", "学校"]);
  });

  it("says 请完善信息名称 for a nameless field and 内容不能为空 for an empty option, in that order, and sends nothing", async () => {
    const server = serve({
      settings: settingsWith([
        phoneField,
        { formaDataType: 5, name: "年级", placeholder: "", required: false, checkList: [""], isPhone: false },
        { formaDataType: 3, name: "", placeholder: "", required: false, checkList: [], isPhone: false },
      ]),
    });
    open();
    await waitFor(() => group("第2项：年级"));
    await save();
    await waitFor(() => expect(toasts()).toContain("请完善信息名称"));
    expect(within(group("第3项：文本")).getByRole("alert").textContent).toBe("请完善信息名称");
    expect(within(group("第2项：年级")).getByRole("alert").textContent).toBe("内容不能为空");

    fireEvent.change(labelled("第3项信息名称", "input"), { target: { value: "姓名" } });
    await save();
    await waitFor(() => expect(toasts()).toContain("内容不能为空"));
    expect(confirmDialog()).toBeNull();
    expect(server.of("POST", "/admin/validator")).toHaveLength(0);

    fireEvent.change(labelled("第2项选项1", "input"), { target: { value: "高一" } });
    await save();
    await waitFor(() => expect(confirmDialog()?.textContent).toContain("是否提交内容"));
  });
});
