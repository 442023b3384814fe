import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { liveListFails, liveRow, mainWithSubs } from "../../../stories/lives/live-answers";
import { verificationAnswers } from "../../../stories/lives/verification-answers";
import { failEnvelope } from "../../../stories/mock-api";
import { button, currentLocation, dialog, tableRows } from "../../kernel/client/engine/support";
import { formItem, pick } from "../../courses/client/course-support";
import { chooseMore, openLives, operationsOf, rowWith, rowsShown, serveLives } from "./live-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const filters = () => document.querySelector<HTMLElement>("form.ant-form-inline")!;
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";

describe("/liveop (2 §2)", () => {
  it("shows the spec's columns: the course linking to its lives, the time range, the first three teachers as tags", async () => {
    const rows = [liveRow(3, { Title: "四位老师的直播" }), liveRow(5)];
    serveLives(rows);
    openLives();
    await rowsShown(2);
    const headers = [...document.querySelectorAll(".ant-table-thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["", "直播名称", "课程名称", "直播时间", "老师", "助教", "学员人数", "操作"]);
    const first = tableRows()[0];
    expect(first.slice(1, 7)).toEqual(["四位老师的直播", rows[0].CourseName, `${rows[0].BeginTime} ~ ${rows[0].EndTime}`, "李丽超王建国张敏+1", "-", String(rows[0].StudentCount)]);
    const course = within(rowWith("四位老师的直播")).getByRole("link", { name: rows[0].CourseName });
    expect(course.getAttribute("href")).toBe(`/liveCourse?courseId=${rows[0].CourseId}&courseName=${encodeURIComponent(rows[0].CourseName)}`);
    expect(within(rowWith("四位老师的直播")).getByRole("link", { name: "李丽超" }).getAttribute("href")).toBe("/teacherInfo?teacherId=501");
  });

  it("shows 已作废 in red and no operation on a voided live", async () => {
    serveLives([liveRow(5), liveRow(1)]);
    openLives();
    await rowsShown(2);
    const voided = rowWith(liveRow(5).Title);
    expect(voided.querySelector("td:last-child")!.textContent).toBe("已作废");
    expect(voided.querySelector("td:last-child .ant-typography-danger")).not.toBeNull();
    expect(voided.querySelectorAll("td:last-child button")).toHaveLength(0);
  });

  it("shows each operation by the rules of 2 §2: live type 0, the extended permissions, course types 5 and 18", async () => {
    const large = liveRow(1, { Title: "大班直播", LiveType: 1, CourseType: 1 });
    const small = liveRow(2, { Title: "小班直播", LiveType: 0, CourseType: 0 });
    const dual = liveRow(3, { Title: "双师主教室", LiveType: 5, CourseType: 5 });
    const sub = liveRow(4, { Title: "双师子班级", LiveType: 5, CourseType: 5, MasterId: dual.Id, SubClassName: "一班" });
    serveLives([large, small, dual, sub], { extras: ["audioDown"] });
    openLives();
    await rowsShown(4);
    const inline = ["添加学员", "批量导入", "分享", "修改", "作废"];
    const always = ["验证方式", "分享直播", "分享回放", "考试管理"];
    const notSmall = ["人数基数", "商品管理", "广告管理", "直播统计", "影院回放剪辑", "互动回放剪辑"];
    await waitFor(async () => expect((await operationsOf(rowWith("大班直播"))).more).toContain("音频下载"));
    expect(await operationsOf(rowWith("大班直播"))).toEqual({ inline: [...inline, "变更记录"], more: [...notSmall, "音频下载", ...always] });
    expect(await operationsOf(rowWith("小班直播"))).toEqual({ inline: [...inline, "变更记录"], more: always });
    expect((await operationsOf(rowWith("双师主教室"))).more).toEqual([...notSmall, "音频下载", ...always, "子班级管理"]);
    expect((await operationsOf(rowWith("双师子班级"))).more).not.toContain("子班级管理");
  });

  it("offers 音频下载, 课件下载 and 听课数据 only with their permission", async () => {
    serveLives([liveRow(1, { Title: "大班直播", LiveType: 1, CourseType: 1 })], { extras: ["docDown", "liveUserData", "videoDown"] });
    openLives();
    await rowsShown(1);
    await waitFor(async () => expect((await operationsOf(rowWith("大班直播"))).more).toContain("课件下载"));
    const { more } = await operationsOf(rowWith("大班直播"));
    expect(more).toContain("听课数据");
    expect(more).not.toContain("音频下载");
  });

  it("opens 设置验证方式 from 验证方式 with the live's settings, saving the default for a live that has none", async () => {
    const row = liveRow(1, { Title: "大班直播", LiveType: 1, CourseType: 1 });
    const server = serveLives([row], {}, verificationAnswers());
    openLives();
    await rowsShown(1);
    await chooseMore(rowWith("大班直播"), "验证方式");
    const drawer = await waitFor(() => {
      const open = document.querySelector<HTMLElement>(".ant-drawer-open");
      if (!open) throw new Error("the drawer is not open");
      return open;
    });
    expect(drawer.querySelector(".ant-drawer-title")!.textContent).toBe("设置验证方式");
    // The validator service's host carries a path prefix.
    await waitFor(() => expect(server.calls.filter((call) => call.method === "POST" && call.path.endsWith("/admin/validator"))).toHaveLength(1));
    expect(server.of("GET", "/cms/liveiframetoken")[0].query).toEqual({ liveid: row.Id });
  });

  it("opens the later screens with the route table's parameters", async () => {
    const row = liveRow(1, { Title: "大班直播" });
    serveLives([row]);
    openLives("/liveop?page=1&status=1");
    await rowsShown(1);
    fireEvent.click(button("修改", rowWith("大班直播")));
    await waitFor(() => expect(currentLocation()).toBe(`/changeLive?liveId=${row.Id}&courseType=${row.CourseType}&courseId=${row.CourseId}`));
  });

  it("passes its own address as the callback of the products page", async () => {
    const row = liveRow(1, { Title: "大班直播", LiveType: 1, CourseType: 1 });
    serveLives([row]);
    openLives("/liveop?status=1");
    await rowsShown(1);
    await chooseMore(rowWith("大班直播"), "商品管理");
    await waitFor(() => expect(currentLocation()).toBe(`/sellProduct?liveId=${row.Id}&courseId=${row.CourseId}&callback=${encodeURIComponent("/liveop?status=1")}`));
  });

  it("searches by name, status, main teacher and a time range, keeping them and the page size in the address", async () => {
    const server = serveLives(Array.from({ length: 30 }, (_, i) => liveRow(i + 1)));
    openLives("/liveop?pageSize=20");
    await rowsShown(20);
    expect(server.of("GET", "/cms/alllive")[0].query).toEqual({ page: 1, count: 20 });
    fireEvent.change(screen.getByPlaceholderText("请输入直播名称"), { target: { value: " 数学 " } });
    await pick(formItem("直播状态", filters()), "已结束");
    await pick(formItem("主讲老师", filters()), "李丽超");
    fireEvent.click(button("查询"));
    await waitFor(() => expect(server.of("GET", "/cms/livesearch")).toHaveLength(1));
    expect(server.of("GET", "/cms/livesearch")[0].query).toEqual({ page: 1, count: 20, title: "数学", status: "2", teacher: "501" });
    expect(currentLocation()).toBe(`/liveop?pageSize=20&title=${encodeURIComponent("数学")}&status=2&teacher=501`);
  });

  it("takes a time range from the address to the second and leaves out one that runs backwards", async () => {
    const server = serveLives([liveRow(1)]);
    openLives("/liveop?begintime=2026-11-01%2008:00:00&endtime=2026-11-30%2022:30:00");
    await waitFor(() => expect(server.of("GET", "/cms/livesearch")).toHaveLength(1));
    expect(server.of("GET", "/cms/livesearch")[0].query).toMatchObject({ begintime: "2026-11-01 08:00:00", endtime: "2026-11-30 22:30:00" });
    const range = () => [...formItem("直播时间", filters()).querySelectorAll("input")].map((input) => input.value);
    await waitFor(() => expect(range()).toEqual(["2026-11-01 08:00:00", "2026-11-30 22:30:00"]));
  });

  it("voids a live after 确定要作废该直播吗？, and the row then reads 已作废", async () => {
    serveLives([liveRow(1, { Title: "要作废的直播" })]);
    openLives();
    await rowsShown(1);
    fireEvent.click(button("作废", rowWith("要作废的直播")));
    await waitFor(() => expect(dialog().textContent).toContain("确定要作废该直播吗？"));
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(toasts()).toContain("作废成功"));
    await waitFor(() => expect(rowWith("要作废的直播").querySelector("td:last-child")!.textContent).toBe("已作废"));
  });

  it("shows the server's words when a void is refused", async () => {
    serveLives([liveRow(1, { Title: "别人作废了的直播" })], {}, [[{ method: "DELETE", path: "/cms/live", host: "cms" }, failEnvelope(1, "该直播已作废")]]);
    openLives();
    await rowsShown(1);
    fireEvent.click(button("作废", rowWith("别人作废了的直播")));
    await waitFor(() => expect(dialog().textContent).toContain("确定要作废该直播吗？"));
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(toasts()).toContain("该直播已作废"));
  });

  it("embeds an expanded main classroom's sub-classes", async () => {
    serveLives(mainWithSubs());
    openLives();
    await rowsShown(3);
    fireEvent.click(rowWith("双师语文阅读第8讲").querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    const region = await screen.findByRole("region", { name: "双师语文阅读第8讲的子班级" });
    await waitFor(() => expect(within(region).getByText("二班")).toBeTruthy());
    expect(within(region).getByText("已作废")).toBeTruthy();
  });

  it("says when the list cannot load, and when there is no live", async () => {
    serveLives([], {}, liveListFails);
    openLives();
    expect(await screen.findByText("列表加载失败")).toBeTruthy();
    expect(screen.getByText("直播服务暂不可用，请稍后再试")).toBeTruthy();
    setHttpAdapter();
    serveLives([]);
    fireEvent.click(button("重试"));
    expect(await screen.findByText("还没有直播")).toBeTruthy();
  });
});

describe("/liveop's teacher filter (2 §9)", () => {
  it("loads the school's teachers 1000 at a time, as the live form's pickers do", async () => {
    const server = serveLives([liveRow(1)]);
    openLives();
    await rowsShown(1);
    await waitFor(() => expect(server.of("GET", "/cms/teacher")).not.toHaveLength(0));
    expect(server.of("GET", "/cms/teacher")[0].query).toEqual({ page: 1, count: 1000 });
  });
});
