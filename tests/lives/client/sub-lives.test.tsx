import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { insufficientBalanceCode, liveApi } from "../../../resources/lives/live-api";
import { setHttpAdapter } from "../../../providers/http";
import { liveRow, mainWithSubs } from "../../../stories/lives/live-answers";
import { failEnvelope, okEnvelope, type MockRoutes } from "../../../stories/mock-api";
import { formItem } from "../../courses/client/course-support";
import { button, currentLocation, dialog, fieldErrors, findDialog } from "../../kernel/client/engine/support";
import { openSubLives, rowWith, rowsShown, serveLives } from "./live-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const field = (label: string) => formItem(label, dialog());

/** Types a time into a picker and confirms it there, as a person typing would. */
async function typeTime(label: string, text: string) {
  const input = field(label).querySelector("input")!;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => expect(input.value).toBe(text));
}

const saves: MockRoutes = [
  [liveApi.create, okEnvelope(null, { msg: "添加成功" })],
  [liveApi.update, okEnvelope(null, { msg: "修改成功" })],
];

describe("/subLiveManager (2 §2 sub-classroom list)", () => {
  it("lists a main classroom's sub-classes with their operations, 已作废 for a voided one, and goes back to the course's lives", async () => {
    const server = serveLives(mainWithSubs());
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    expect(server.of("GET", "/cms/sublive")[0].query).toEqual({ page: 1, count: 10, masterid: 900, courseid: 13 });
    await waitFor(() => expect(document.querySelector(".ant-card-head-title")?.textContent).toBe("子班级管理 - 双师语文阅读第8讲"));
    const active = rowWith("一班");
    expect([...active.querySelectorAll("td:last-child button")].map((b) => b.textContent?.replace(/\s/g, ""))).toEqual(["添加学员", "修改", "作废"]);
    expect(rowWith("二班").querySelector("td:last-child")!.textContent).toBe("已作废");
    fireEvent.click(button("返回"));
    await waitFor(() => expect(currentLocation()).toBe("/liveCourse?courseId=13"));
  });

  it("says when there are none, and when they cannot be listed", async () => {
    serveLives(mainWithSubs().slice(0, 1));
    const view = openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    expect(await screen.findByText("还没有子班级")).toBeTruthy();
    view.unmount();
    serveLives(mainWithSubs(), {}, [[liveApi.sub, failEnvelope(500, "直播服务暂不可用")]]);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    expect(await screen.findByText("子班级加载失败")).toBeTruthy();
  });
});

describe("the sub-class form (2 §5)", () => {
  it("gives the spec's messages in order, and adds the sub-class with its main classroom's staff", async () => {
    const server = serveLives(mainWithSubs(), {}, saves);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    fireEvent.click(button("添加子班级"));
    await findDialog();
    // The main classroom comes from the page, and its times fill the empty ones.
    await waitFor(() => expect(field("主教室").querySelector("input")!.value).toBe("双师语文阅读第8讲"));
    await waitFor(() => expect(field("开始时间").querySelector("input")!.value).toBe("2026-11-03 19:00:00"));
    await typeTime("结束时间", "2026-11-03 18:00:00");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(fieldErrors()).toEqual(["结束时间要大于开始时间", "请填写班级名称"]));
    await typeTime("结束时间", "2026-11-04 19:00:02");
    await waitFor(() => expect(fieldErrors()).toEqual(["直播时间不能超过一天", "请填写班级名称"]));
    await typeTime("结束时间", "2026-11-04 19:00:01");
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入班级名称，如一班"), { target: { value: "三班" } });
    await waitFor(() => expect(fieldErrors()).toEqual([]));
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(server.of("POST", "/cms/live")).toHaveLength(1));
    const main = mainWithSubs()[0];
    const staff = (text: string) => JSON.stringify((JSON.parse(text) as { account: number; name: string }[]).map(({ account, name }) => ({ account, name })));
    expect(server.of("POST", "/cms/live")[0].body).toEqual({
      courseid: 13,
      title: "双师语文阅读第8讲（三班）",
      begintime: "2026-11-03 19:00:00",
      endtime: "2026-11-04 19:00:01",
      teachers: staff(main.Teachers),
      assistants: staff(main.Assistants),
      subClassName: "三班",
      detail: main.Detail,
      masterid: 900,
      config: main.Config,
      emulateid: 0,
    });
    await waitFor(() => expect(toasts()).toContain("添加成功"));
  });

  it("picks the main classroom among the course's, searched by name; a changed sub-class keeps its own", async () => {
    const server = serveLives(mainWithSubs(), {}, saves);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    fireEvent.click(button("添加子班级"));
    await findDialog();
    fireEvent.click(button("选择主教室", dialog()));
    const picker = await waitFor(() => {
      const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => d.textContent?.includes("选择主教室") && d.querySelector("table"));
      if (!open) throw new Error("no picker");
      return open;
    });
    fireEvent.change(within(picker).getByPlaceholderText("请输入主教室名称"), { target: { value: "第8讲" } });
    fireEvent.click(button("搜索", picker));
    await waitFor(() => expect(server.of("GET", "/cms/masterlivesearch").at(-1)!.query).toEqual({ page: 1, count: 5, courseid: 13, key: "第8讲" }));
    fireEvent.click(await within(picker).findByRole("button", { name: "选择双师语文阅读第8讲" }));
    await waitFor(() => expect(field("主教室").querySelector("input")!.value).toBe("双师语文阅读第8讲"));
    fireEvent.click(button("取消", dialog()));
    fireEvent.click(button("修改", rowWith("一班")));
    await waitFor(() => expect(within(dialog()).getByDisplayValue("一班")).toBeTruthy());
    expect(within(dialog()).queryByText("选择主教室")).toBeNull();
  });

  it("changes a sub-class keeping its audience base (initnum -1)", async () => {
    const server = serveLives(mainWithSubs(), {}, saves);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    fireEvent.click(button("修改", rowWith("一班")));
    await findDialog();
    const name = await waitFor(() => within(dialog()).getByDisplayValue("一班"));
    fireEvent.change(name, { target: { value: "甲班" } });
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(server.of("PATCH", "/cms/live")).toHaveLength(1));
    expect(server.of("PATCH", "/cms/live")[0].body).toMatchObject({ id: 901, title: "双师语文阅读第8讲（甲班）", subClassName: "甲班", initnum: -1 });
    await waitFor(() => expect(toasts()).toContain("修改成功"));
  });

  it("tells an organisation in arrears 当前余额不足，请尽快充值！ and other refusals 课程创建失败，请联系管理员！", async () => {
    for (const [answer, words] of [
      [failEnvelope(insufficientBalanceCode, "余额不足"), "当前余额不足，请尽快充值！"],
      [failEnvelope(1, "时间冲突"), "课程创建失败，请联系管理员！"],
    ] as const) {
      setHttpAdapter();
      serveLives(mainWithSubs(), {}, [[liveApi.create, answer]]);
      const view = openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
      await rowsShown(2);
      fireEvent.click(button("添加子班级"));
      await findDialog();
      await waitFor(() => expect(field("开始时间").querySelector("input")!.value).toBe("2026-11-03 19:00:00"));
      fireEvent.change(within(dialog()).getByPlaceholderText("请输入班级名称，如一班"), { target: { value: "三班" } });
      fireEvent.click(button("确定", dialog()));
      await waitFor(() => expect(toasts()).toContain(words));
      view.unmount();
    }
  });
});

/** Opens 添加子班级, names the class, then opens its 选择主教室 picker; answers the form's dialog and the picker. */
async function openPicker(name = "三班") {
  fireEvent.click(button("添加子班级"));
  const form = await findDialog();
  await waitFor(() => expect(field("开始时间").querySelector("input")!.value).not.toBe(""));
  fireEvent.change(within(form).getByPlaceholderText("请输入班级名称，如一班"), { target: { value: name } });
  fireEvent.click(button("选择主教室", form));
  const picker = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => d.textContent?.includes("选择主教室") && d.querySelector("table"));
    if (!open) throw new Error("no picker");
    return open;
  });
  return { form, picker };
}

describe("the main-classroom picker of the sub-class form (issue 16, 3.12, 3.13)", () => {
  const [main, ...subs] = mainWithSubs();
  // The times compared are the main classrooms': the clock stands a day before the first one.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(dayjs(main.BeginTime).subtract(1, "day").toDate());
  });
  afterEach(() => vi.useRealTimers());

  it("searches on Enter in its search box, and never sends the sub-class form", async () => {
    const server = serveLives([main, ...subs], {}, saves);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    const { picker } = await openPicker();
    const search = within(picker).getByPlaceholderText("请输入主教室名称");
    fireEvent.change(search, { target: { value: "第8讲" } });
    for (let n = 0; n < 5; n++) fireEvent.keyDown(search, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(server.of("GET", "/cms/masterlivesearch").at(-1)!.query).toMatchObject({ key: "第8讲" }));
    expect(server.of("POST", "/cms/live")).toHaveLength(0);
    expect(picker.isConnected).toBe(true);
  });

  it("takes the times of the main classroom chosen, replacing the previous one's", async () => {
    const at = (days: number, hours: number) => dayjs().startOf("day").add(days, "day").add(hours, "hour").format("YYYY-MM-DD HH:mm:ss");
    const other = liveRow(6, { Id: 950, Title: "双师语文阅读第9讲", CourseId: main.CourseId, CourseName: main.CourseName, CourseType: 5, LiveType: 5, Status: 1, BeginTime: at(18, 8), EndTime: at(18, 9.5) });
    serveLives([main, other, ...subs], {}, saves);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    const { form, picker } = await openPicker();
    const input = (label: string) => formItem(label, form).querySelector("input")!;
    expect(input("开始时间").value).toBe(main.BeginTime);
    fireEvent.click(await within(picker).findByRole("button", { name: "选择双师语文阅读第9讲" }));
    await waitFor(() => expect(input("主教室").value).toBe("双师语文阅读第9讲"));
    await waitFor(() => expect(input("开始时间").value).toBe(other.BeginTime));
    expect(input("结束时间").value).toBe(other.EndTime);
  });
});

describe("a sub-class the server refuses (issue 16, 3.12, 3.13)", () => {
  it("shows the server's words under the field it names: 该主教室下已有同名子班级", async () => {
    const server = serveLives(mainWithSubs(), {}, [[liveApi.create, failEnvelope(400, "该主教室下已有同名子班级", { field: "subClassName" })]]);
    openSubLives("/subLiveManager?masterLiveId=900&courseId=13");
    await rowsShown(2);
    fireEvent.click(button("添加子班级"));
    const form = await findDialog();
    await waitFor(() => expect(field("开始时间").querySelector("input")!.value).not.toBe(""));
    fireEvent.change(within(form).getByPlaceholderText("请输入班级名称，如一班"), { target: { value: "一班" } });
    fireEvent.click(button("确定", form));
    await waitFor(() => expect(fieldErrors()).toEqual(["该主教室下已有同名子班级"]));
    expect(formItem("班级名称", form).textContent).toContain("该主教室下已有同名子班级");
    expect(server.of("POST", "/cms/live")).toHaveLength(1);
    expect(form.isConnected).toBe(true);
  });
});
