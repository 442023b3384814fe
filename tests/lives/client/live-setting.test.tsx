import { fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { liveApi, liveMessages } from "../../../resources/lives/live-api";
import { groupConfigDefaults } from "../../../resources/lives/live-config";
import { setHttpAdapter } from "../../../providers/http";
import { liveSettingForm } from "../../../resources/lives/forms";
import { FormPage } from "../../../src/engine/form-page";
import { failEnvelope } from "../../../stories/mock-api";
import { renderPage } from "../../kernel/client/engine/support";
import { button, radio, radioGroup, serveLiveForm, toasts } from "./live-form-support";

afterEach(() => setHttpAdapter());

const open = () => renderPage("/liveSetting", <FormPage decl={liveSettingForm} />);
const shown = () => waitFor(() => expect(document.querySelectorAll(".live-config-row")).toHaveLength(11));
/** The 允许自由设置 box of a setting's row. */
const freeBox = (label: string) =>
  [...document.querySelectorAll<HTMLElement>(".live-config-row")].find((row) => row.querySelector(".live-config-label")?.textContent === label)!.querySelector<HTMLInputElement>(".ant-checkbox-input")!;

describe("/liveSetting, the group defaults (3 §2.7)", () => {
  it("enables 确定 only after a change, sends every setting with its flag, and says 配置修改成功", async () => {
    const server = serveLiveForm({ group: { ...groupConfigDefaults, stuEnterTs: "20" } });
    open();
    await shown();
    expect(freeBox("布局").checked).toBe(true);
    expect(button("确定")!.disabled).toBe(true);
    fireEvent.click(freeBox("布局"));
    await waitFor(() => expect(button("确定")!.disabled).toBe(false));
    // Back as it was is no change.
    fireEvent.click(freeBox("布局"));
    await waitFor(() => expect(button("确定")!.disabled).toBe(true));
    fireEvent.click(radio(radioGroup("布局"), "经典"));
    fireEvent.click(freeBox("布局"));
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(server.of("PATCH", liveApi.groupConfigSet.path)).toHaveLength(1));
    const sent = JSON.parse(String(server.of("PATCH", liveApi.groupConfigSet.path)[0].body.config));
    expect(sent).toEqual({ ...groupConfigDefaults, layout: "2", stuEnterTs: "20", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0" } });
    await waitFor(() => expect(toasts()).toContain(liveMessages.groupConfigSaved));
    await waitFor(() => expect(button("确定")!.disabled).toBe(true));
  });

  it("says 配置修改失败，请联系管理员 when the server refuses", async () => {
    serveLiveForm({}, [[liveApi.groupConfigSet, failEnvelope(400, "老师提前进入时间应为10-1440之间5的倍数", { field: "config" })]]);
    open();
    await shown();
    fireEvent.click(freeBox("回放尺寸"));
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(toasts()).toContain(liveMessages.groupConfigFailed));
    expect(button("确定")!.disabled).toBe(false);
  });

  it("says when the defaults cannot be read, with 重试", async () => {
    serveLiveForm({ groupFails: true });
    open();
    await waitFor(() => expect(document.body.textContent).toContain("直播设置加载失败"));
    expect(button("重试")).toBeTruthy();
  });
});

describe("/liveSetting entry times: the value shown is the value saved (issue 16, 3.1)", () => {
  const entry = () => document.getElementById(document.querySelector<HTMLLabelElement>("label[for$='-teaEnterTs']")!.htmlFor) as HTMLInputElement;
  const rowText = () => entry().closest(".live-config-row")?.textContent ?? "";
  const type = (text: string) => {
    fireEvent.focus(entry());
    fireEvent.change(entry(), { target: { value: text } });
    fireEvent.blur(entry());
  };
  const sentConfig = (server: ReturnType<typeof serveLiveForm>) => JSON.parse(String(server.of("PATCH", liveApi.groupConfigSet.path).at(-1)!.body.config));

  it("brings 5 up to 10 with the range message, counts it as a change, and saves the 10 on screen", async () => {
    const server = serveLiveForm({ group: { ...groupConfigDefaults, teaEnterTs: "200" } });
    open();
    await shown();
    type("5");
    await waitFor(() => expect(entry().value).toBe("10"));
    expect(rowText()).toContain("老师提前进入时间应为10-1440之间5的倍数");
    await waitFor(() => expect(button("确定")!.disabled).toBe(false));
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(server.of("PATCH", liveApi.groupConfigSet.path)).toHaveLength(1));
    expect(sentConfig(server).teaEnterTs).toBe("10");
  });

  it("brings 2000 down to 1440 with the range message, and saves another change with the 1440 on screen", async () => {
    const server = serveLiveForm({ group: { ...groupConfigDefaults, teaEnterTs: "200" } });
    open();
    await shown();
    type("2000");
    await waitFor(() => expect(entry().value).toBe("1440"));
    expect(rowText()).toContain("老师提前进入时间应为10-1440之间5的倍数");
    fireEvent.click(freeBox("布局"));
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(server.of("PATCH", liveApi.groupConfigSet.path)).toHaveLength(1));
    expect(sentConfig(server)).toMatchObject({ teaEnterTs: "1440", liveConfigPermissions: { layoutSetting: "0" } });
  });

  it("says nothing of the range for a value within it, rounded to the step", async () => {
    const server = serveLiveForm({ group: { ...groupConfigDefaults, teaEnterTs: "200" } });
    open();
    await shown();
    type("47");
    await waitFor(() => expect(entry().value).toBe("45"));
    expect(rowText()).not.toContain("10-1440");
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(server.of("PATCH", liveApi.groupConfigSet.path)).toHaveLength(1));
    expect(sentConfig(server).teaEnterTs).toBe("45");
  });
});
