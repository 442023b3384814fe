import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { liveMessages } from "../../../resources/lives/live-api";
import { groupConfigDefaults } from "../../../resources/lives/live-config";
import { setHttpAdapter } from "../../../providers/http";
import { sampleConflict, sampleLive, sampleTemplates } from "../../../stories/lives-form/live-form-answers";
import { failEnvelope } from "../../../stories/mock-api";
import { currentLocation } from "../../kernel/client/engine/support";
import { button, findButton, field, fieldErrors, formShown, found, openChange, openCreate, pickPerson, radio, radioGroup, serveLiveForm, toasts, typeTime, typeTitle } from "./live-form-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const saveButton = () => button("确定")!;
const shortcut = (hours: number) => button(`${hours}小时`);
const body = (call: { body: Record<string, unknown> }) => call.body;
const entryInput = () => document.getElementById(document.querySelector<HTMLLabelElement>("label[for$='-teaEnterTs']")!.htmlFor) as HTMLInputElement;

describe("the live form's rules (2 §5)", () => {
  it("shows the messages in the spec's order: title, start, end, then the time rules", async () => {
    const server = serveLiveForm();
    openCreate();
    await formShown();
    fireEvent.click(saveButton());
    await waitFor(() => expect(fieldErrors()).toEqual(["直播标题不能为空", "请选择开始时间", "请选择直播结束时间"]));
    typeTitle("题".repeat(61));
    await waitFor(() => expect(fieldErrors()[0]).toBe("直播标题不能超过60字"));
    typeTitle("函数的单调性");
    // The end first: once a start is chosen, the end picker offers only the day after it.
    await typeTime("结束时间", "2030-01-01 09:00:00");
    await typeTime("开始时间", "2030-01-01 10:00:00");
    await waitFor(() => expect(fieldErrors()).toEqual(["结束时间要大于开始时间"]));
    await typeTime("开始时间", "2029-12-31 08:00:00");
    await waitFor(() => expect(fieldErrors()).toEqual(["直播时间不能超过一天"]));
    expect(server.of("POST", "/cms/live")).toHaveLength(0);
  });

  it("offers the 1, 2 and 3 hour shortcuts on adding, each setting the end from the start", async () => {
    serveLiveForm();
    openCreate();
    await formShown();
    expect(shortcut(2)!.disabled).toBe(true);
    await typeTime("开始时间", "2030-03-01 19:00:00");
    await waitFor(() => expect(shortcut(2)!.disabled).toBe(false));
    fireEvent.click(shortcut(2)!);
    await waitFor(() => expect(field("结束时间").querySelector("input")!.value).toBe("2030-03-01 21:00:00"));
    fireEvent.click(shortcut(1)!);
    await waitFor(() => expect(field("结束时间").querySelector("input")!.value).toBe("2030-03-01 20:00:00"));
    expect(shortcut(3)).toBeTruthy();
  });

  it("adds the live and goes back to the course's lives: the values, the staff in order and the group's defaults", async () => {
    const server = serveLiveForm();
    openCreate();
    await formShown();
    typeTitle("函数的单调性");
    await typeTime("开始时间", "2030-03-01 19:00:00");
    fireEvent.click(shortcut(2)!);
    await pickPerson("老师", "王伟");
    await pickPerson("老师", "李老师");
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.of("POST", "/cms/live")).toHaveLength(1));
    expect(body(server.of("POST", "/cms/live")[0])).toMatchObject({
      courseid: 12,
      title: "函数的单调性",
      begintime: "2030-03-01 19:00:00",
      endtime: "2030-03-01 21:00:00",
      teachers: JSON.stringify([{ account: 3, name: "王伟" }, { account: 2, name: "李老师" }]),
      assistants: "[]",
      emulateid: 0,
    });
    expect(JSON.parse(String(body(server.of("POST", "/cms/live")[0]).config))).toMatchObject({ layout: "1", teaEnterTs: "30" });
    await waitFor(() => expect(toasts()).toContain("添加成功"));
    await waitFor(() => expect(currentLocation()).toBe("/liveCourse?courseId=12"));
  });
});

describe("the preference panels and the group's settings (2 §3)", () => {
  it("lets a free setting change and shows a fixed one with the group's value, disabled, which is what is sent", async () => {
    const group = { ...groupConfigDefaults, layout: "2", teaEnterTs: "60", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0" } };
    const server = serveLiveForm({ group });
    openCreate();
    await formShown();
    const layout = await waitFor(() => radioGroup("布局"));
    for (const input of layout.querySelectorAll("input")) expect(input.disabled).toBe(true);
    expect(radio(layout, "经典").checked).toBe(true);
    expect(layout.closest(".live-config-row")?.textContent).toContain("机构统一设置，不可修改");
    expect(radio(radioGroup("推流方式"), "手动推流").disabled).toBe(false);
    fireEvent.click(radio(radioGroup("推流方式"), "手动推流"));
    const entry = entryInput();
    expect(entry.value).toBe("60");
    fireEvent.change(entry, { target: { value: "47" } });
    fireEvent.blur(entry);
    await waitFor(() => expect(entry.value).toBe("45"));
    typeTitle("直播");
    await typeTime("开始时间", "2030-03-01 19:00:00");
    fireEvent.click(shortcut(1)!);
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.of("POST", "/cms/live")).toHaveLength(1));
    expect(JSON.parse(String(body(server.of("POST", "/cms/live")[0]).config))).toMatchObject({ layout: "2", pushStreamType: "1", teaEnterTs: "45" });
  });
});

describe("the simulated-live template picker (2 §2, §4)", () => {
  it("lists templates 5 a page with title search and tags, and confirms before creating a simulated live", async () => {
    const server = serveLiveForm({ templates: sampleTemplates(7) });
    openCreate();
    await formShown();
    fireEvent.click(await findButton("选择仿真直播模板"));
    const dialog = await found(".ant-modal-content");
    await waitFor(() => expect(dialog.querySelectorAll(".ant-table-row")).toHaveLength(5));
    expect(dialog.textContent).toContain("共 7 条");
    // At most three tags of each list, then how many there are.
    const fourTeachers = within(dialog).getByText("暑期班介绍").closest("tr")!;
    expect(fourTeachers.querySelectorAll(".ant-tag")).toHaveLength(6);
    expect(fourTeachers.textContent).toContain("+1");
    fireEvent.change(within(dialog).getByPlaceholderText("请输入模板名称"), { target: { value: "公开课" } });
    fireEvent.click(button("搜索", dialog)!);
    await waitFor(() => expect(dialog.querySelectorAll(".ant-table-row")).toHaveLength(1));
    expect(server.of("GET", "/cms/emulatelivesearch").at(-1)?.query).toMatchObject({ title: "公开课", count: 5, page: 1 });
    fireEvent.click(button("选择", dialog)!);
    await waitFor(() => expect(field("仿真直播模板").textContent).toContain("高考数学公开课回放"));

    typeTitle("仿真招生");
    await typeTime("开始时间", "2030-03-01 19:00:00");
    fireEvent.click(shortcut(1)!);
    fireEvent.click(saveButton());
    const confirm = await found(".ant-modal-confirm");
    expect(confirm.textContent).toContain(liveMessages.confirmEmulate);
    fireEvent.click(button("取消", confirm)!);
    await waitFor(() => expect(document.querySelector(".ant-modal-confirm")).toBeNull());
    expect(server.of("POST", "/cms/live")).toHaveLength(0);
    fireEvent.click(saveButton());
    fireEvent.click(button("确定", await found(".ant-modal-confirm"))!);
    await waitFor(() => expect(server.of("POST", "/cms/live")).toHaveLength(1));
    expect(body(server.of("POST", "/cms/live")[0])).toMatchObject({ emulateid: 301 });
  });

  it("is not offered for another course type, nor when there is no template", async () => {
    const other = serveLiveForm();
    openCreate("courseId=12&courseType=5");
    await formShown();
    expect(button("选择仿真直播模板")).toBeUndefined();
    expect(other.of("GET", "/cms/emulatelive")).toHaveLength(0);
    cleanup();
    serveLiveForm({ templates: [] });
    openCreate();
    await formShown();
    expect(button("选择仿真直播模板")).toBeUndefined();
    expect(() => field("仿真直播模板")).toThrow();
  });
});

describe("what a refused add says (2 §8)", () => {
  const fill = async () => {
    await formShown();
    typeTitle("直播");
    await typeTime("开始时间", "2030-03-01 19:00:00");
    fireEvent.click(shortcut(1)!);
    fireEvent.click(saveButton());
  };

  it.each([
    ["当前余额不足，请尽快充值！", liveMessages.insufficientBalance],
    ["您的账号欠费已达到最大额度限制，请及时充值！", liveMessages.arrearsLimit],
    ["余额不足", liveMessages.insufficientBalance],
  ])("at 918 answered %s, says %s and stays on the form", async (said, shown) => {
    serveLiveForm({ createAnswer: failEnvelope(918, said) });
    openCreate();
    await fill();
    // The newest toast: one of an earlier case may still be fading.
    await waitFor(() => expect([...document.querySelectorAll(".ant-message-notice")].at(-1)?.textContent).toBe(shown));
    expect(currentLocation()).toBe("/createLive?courseId=12&courseType=1");
  });

  it("says 课程创建失败，请联系管理员！ for any other refusal, with the server's word under the field it names", async () => {
    serveLiveForm({ createAnswer: failEnvelope(400, "所选老师不存在或已被删除，请重新选择", { field: "teachers" }) });
    openCreate();
    await fill();
    await waitFor(() => expect(toasts()).toContain(liveMessages.createFailed));
    await waitFor(() => expect(fieldErrors()).toContain("所选老师不存在或已被删除，请重新选择"));
  });
});

describe("the schedule-conflict warning", () => {
  it("names the clashing live and its time once a time and a teacher are chosen, and never blocks saving", async () => {
    const server = serveLiveForm({ conflicts: [sampleConflict] });
    openCreate();
    await formShown();
    typeTitle("直播");
    await typeTime("开始时间", "2026-11-25 19:30:00");
    fireEvent.click(shortcut(1)!);
    expect(server.of("GET", "/cms/liveconflicts")).toHaveLength(0);
    await pickPerson("老师", "李老师");
    const warning = await found(".ant-alert-warning");
    expect(warning.textContent).toContain("排课冲突");
    expect(warning.textContent).toContain("「高一数学·函数专题第3讲」 2026-11-25 19:00:00 ~ 2026-11-25 20:30:00（李老师）");
    expect(server.of("GET", "/cms/liveconflicts").at(-1)?.query).toMatchObject({ begintime: "2026-11-25 19:30:00", endtime: "2026-11-25 20:30:00", liveid: 0 });
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.of("POST", "/cms/live")).toHaveLength(1));
  });
});

describe("changing a live", () => {
  it("fixes a start already past, without shortcuts, and sends the change with initnum -1", async () => {
    const live = sampleLive(-1);
    const server = serveLiveForm({ live });
    openChange();
    await formShown();
    await waitFor(() => expect((document.querySelector("input#root_title") as HTMLInputElement).value).toBe("函数的单调性"));
    expect(field("开始时间").querySelector("input")!.disabled).toBe(true);
    expect(shortcut(1)).toBeUndefined();
    expect(field("老师").textContent).toContain("李老师");
    typeTitle("函数的单调性（修订）");
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.of("PATCH", "/cms/live")).toHaveLength(1));
    expect(body(server.of("PATCH", "/cms/live")[0])).toMatchObject({ id: 501, title: "函数的单调性（修订）", begintime: live.BeginTime, endtime: live.EndTime, initnum: -1 });
    expect(body(server.of("PATCH", "/cms/live")[0])).not.toHaveProperty("emulateid");
    await waitFor(() => expect(toasts()).toContain("修改成功"));
  });

  it("lets a future live's start change, with the shortcuts, and shows the live's own settings", async () => {
    serveLiveForm({ live: sampleLive(48) });
    openChange();
    await formShown();
    await waitFor(() => expect(field("开始时间").querySelector("input")!.disabled).toBe(false));
    expect(shortcut(3)).toBeTruthy();
    expect(radio(await waitFor(() => radioGroup("布局")), "经典").checked).toBe(true);
    expect(entryInput().value).toBe("45");
  });

  it("shows the server's words when the change is refused, and says when the live cannot be read", async () => {
    serveLiveForm({ live: sampleLive(48), updateAnswer: failEnvelope(1, "该直播已作废，不能修改") });
    openChange();
    await formShown();
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts()).toContain("该直播已作废，不能修改"));
    cleanup();
    serveLiveForm();
    openChange();
    await waitFor(() => expect(document.body.textContent).toContain("直播信息加载失败"));
    expect(button("重试")).toBeTruthy();
  });
});
