import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { liveMessages } from "../../../resources/lives/live-api";
import { reminderApi, reminderConfigDefaults, reminderMessages, smartReminderForm, type ReminderConfig } from "../../../resources/reminders/smart-reminder";
import { setHttpAdapter } from "../../../providers/http";
import { FormPage } from "../../../src/engine/form-page";
import { renderPage } from "../../kernel/client/engine/support";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { freezeClock } from "../../kernel/support/clock";

// The paid-until date below is a date: the page is shown at one instant.
freezeClock("2026-11-24T10:00:00+08:00");
afterEach(() => setHttpAdapter());

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** The service's calls as the server answers them: off until enabled (or refused with `refusal`). */
function serve({ status = 0, config = reminderConfigDefaults, refusal }: { status?: 0 | 1; config?: ReminderConfig; refusal?: string } = {}) {
  let on = status;
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["smartTeaService"] }),
    [key(reminderApi.status)]: () => ok({ status: on, paidUntil: on ? "2027-11-24 10:00:00" : "" }),
    [key(reminderApi.enable)]: () => {
      if (refusal) return fail(918, refusal);
      on = 1;
      return ok({ status: 1, paidUntil: "2027-11-24 10:00:00" });
    },
    [key(reminderApi.config)]: ok(config),
    [key(reminderApi.configSet)]: ok(config, { msg: reminderMessages.saved }),
  });
}

const open = () => renderPage(smartReminderForm.route, <FormPage decl={smartReminderForm} />);
const theSwitch = () => screen.getByRole("switch", { name: "开通智能提醒服务" });
const groupKeys: Record<string, string> = { 老师短信提醒: "teacher", 学生短信提醒: "student", 老师语音提醒: "teachervoice", 学生语音提醒: "studentvoice" };
/** A group's part of the form, its heading checked on the way. */
const groupOf = (group: string) => {
  const part = document.getElementById(`root_${groupKeys[group]}`)!;
  expect(part.textContent).toContain(group);
  return part;
};
/** A reminder's checkbox, by its group's heading and 课前提醒 or 课后提醒. */
const box = (group: string, phase: "课前提醒" | "课后提醒") => within(groupOf(group)).getByRole("checkbox", { name: phase }) as HTMLInputElement;
const selectOf = (group: string, phase: string) => within(groupOf(group)).getByRole("combobox", { name: `${phase}时间` });
const confirmButton = () => [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.replace(/\s/g, "") === "确定" && !b.closest(".ant-modal"))!;
const modalButton = (label: string) => [...document.querySelectorAll<HTMLButtonElement>(".ant-modal button")].find((b) => b.textContent?.replace(/\s/g, "") === label)!;
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const ready = () => waitFor(() => expect(theSwitch().hasAttribute("disabled")).toBe(false));

describe("/smartTeaService (3 §2.7, §9)", () => {
  it("shows the yearly fee and the prices, and keeps every reminder disabled while the service is off", async () => {
    serve();
    open();
    await ready();
    expect(theSwitch().getAttribute("aria-checked")).toBe("false");
    const text = document.body.textContent ?? "";
    expect(text).toContain("¥1998.00/年");
    expect(text).toContain("¥0.10/条（每条70字，超过70字时按每条67字计费）");
    expect(text).toContain("¥0.15/分钟");
    for (const group of ["老师短信提醒", "学生短信提醒", "老师语音提醒", "学生语音提醒"]) {
      expect(box(group, "课前提醒").disabled).toBe(true);
      expect(box(group, "课后提醒").disabled).toBe(true);
    }
  });

  it("goes back to off when the confirmation is cancelled", async () => {
    const server = serve();
    open();
    await ready();
    fireEvent.click(theSwitch());
    await waitFor(() => expect(modalButton("取消")).toBeTruthy());
    expect(theSwitch().getAttribute("aria-checked")).toBe("true");
    fireEvent.click(modalButton("取消"));
    await waitFor(() => expect(theSwitch().getAttribute("aria-checked")).toBe("false"));
    expect(server.calls(key(reminderApi.enable))).toHaveLength(0);
  });

  it("goes back to off and shows the server's words when enabling is refused (918)", async () => {
    serve({ refusal: liveMessages.insufficientBalance });
    open();
    await ready();
    fireEvent.click(theSwitch());
    await waitFor(() => expect(modalButton("确定")).toBeTruthy());
    fireEvent.click(modalButton("确定"));
    await waitFor(() => expect(toasts()).toContain(liveMessages.insufficientBalance));
    await waitFor(() => expect(theSwitch().getAttribute("aria-checked")).toBe("false"));
    expect(box("学生短信提醒", "课前提醒").disabled).toBe(true);
  });

  it("once on, stays on; a ticked reminder enables its time (the spec's default first) and 确定 says 配置保存成功", async () => {
    const server = serve();
    open();
    await ready();
    fireEvent.click(theSwitch());
    await waitFor(() => expect(modalButton("确定")).toBeTruthy());
    fireEvent.click(modalButton("确定"));
    await waitFor(() => expect(theSwitch().getAttribute("aria-checked")).toBe("true"));
    await waitFor(() => expect(theSwitch().hasAttribute("disabled")).toBe(true));
    expect(server.calls(key(reminderApi.enable))).toHaveLength(1);

    const before = box("学生短信提醒", "课前提醒");
    await waitFor(() => expect(before.disabled).toBe(false));
    expect(selectOf("学生短信提醒", "课前提醒").closest(".ant-select")!.classList.contains("ant-select-disabled")).toBe(true);
    // Shown before ticking: the defaults (3 §9: before SMS 60 min, before voice 15 min, after SMS 3 min, after voice 5 min).
    const shownTime = (group: string, phase: string) => selectOf(group, phase).closest(".ant-select")!.textContent;
    expect(shownTime("学生短信提醒", "课前提醒")).toBe("60分钟");
    expect(shownTime("老师语音提醒", "课前提醒")).toBe("15分钟");
    expect(shownTime("学生短信提醒", "课后提醒")).toBe("3分钟");
    expect(shownTime("学生语音提醒", "课后提醒")).toBe("5分钟");
    expect(confirmButton().disabled).toBe(true);

    fireEvent.click(before);
    await waitFor(() => expect(selectOf("学生短信提醒", "课前提醒").closest(".ant-select")!.classList.contains("ant-select-disabled")).toBe(false));
    fireEvent.click(box("学生语音提醒", "课后提醒"));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(server.calls(key(reminderApi.configSet))).toHaveLength(1));
    expect(server.calls(key(reminderApi.configSet))[0].body).toEqual({ ...reminderConfigDefaults, student: { before: 3600, after: 0 }, studentvoice: { before: 0, after: 300 } });
    await waitFor(() => expect(toasts()).toContain(reminderMessages.saved));
  });

  it("shows the saved times ticked, and says 配置保存失败 when the save is refused", async () => {
    serve({ status: 1, config: { ...reminderConfigDefaults, teacher: { before: 1800, after: 0 } } });
    open();
    await waitFor(() => expect(box("老师短信提醒", "课前提醒").checked).toBe(true));
    await waitFor(() => expect(theSwitch().getAttribute("aria-checked")).toBe("true"));
    expect(theSwitch().hasAttribute("disabled")).toBe(true);
    expect(selectOf("老师短信提醒", "课前提醒").closest(".ant-select")!.textContent).toBe("30分钟");
    setHttpAdapter();
    fakeServer({
      "GET /cms/loginrouter": ok({ groups: [], keys: ["smartTeaService"] }),
      [key(reminderApi.status)]: ok({ status: 1, paidUntil: "2027-11-24 10:00:00" }),
      [key(reminderApi.configSet)]: fail(400, "提醒时间只能选择1、3、5、10、15、30或60分钟"),
    });
    fireEvent.click(box("老师短信提醒", "课前提醒"));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(toasts()).toContain(reminderMessages.failed));
  });
});
