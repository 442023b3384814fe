import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { liveRow, mainWithSubs } from "../../../stories/lives/live-answers";
import { button, currentLocation } from "../../kernel/client/engine/support";
import { openCourseLives, rowsShown, serveLives } from "./live-support";

afterEach(() => setHttpAdapter());

const title = () => document.querySelector(".ant-card-head-title")?.textContent;

describe("/liveCourse (2 §2, §7)", () => {
  it("titles the page by the course and lists its lives by couseid (sic)", async () => {
    const server = serveLives([liveRow(4), liveRow(8), liveRow(1)]);
    openCourseLives(`/liveCourse?courseId=11&courseName=${encodeURIComponent("旧名字")}`);
    await rowsShown(2);
    await waitFor(() => expect(title()).toBe("高一数学提高班"));
    expect(server.of("GET", "/cms/coursename")[0].query).toEqual({ id: 11 });
    expect(server.of("GET", "/cms/livesearch")[0].query).toEqual({ page: 1, count: 10, couseid: 11 });
    expect(server.of("GET", "/cms/masterlive")).toHaveLength(0);
  });

  it("lists a double-teacher course's main classrooms unfiltered, and searches its lives once filtered", async () => {
    const server = serveLives(mainWithSubs());
    openCourseLives("/liveCourse?courseId=13");
    await rowsShown(1);
    expect(server.of("GET", "/cms/masterlive")[0].query).toEqual({ page: 1, count: 10, courseid: 13 });
    fireEvent.change(screen.getByPlaceholderText("请输入直播名称"), { target: { value: "第8讲" } });
    fireEvent.click(button("查询"));
    await rowsShown(3);
    expect(server.of("GET", "/cms/livesearch")[0].query).toEqual({ page: 1, count: 10, title: "第8讲", couseid: 13 });
  });

  it("goes back to /courseop and on to /createLive with the course and its type", async () => {
    serveLives([liveRow(4)]);
    openCourseLives("/liveCourse?courseId=11");
    await rowsShown(1);
    fireEvent.click(button("创建直播"));
    await waitFor(() => expect(currentLocation()).toBe("/createLive?courseId=11&courseType=1"));
  });

  it("has a way back to the course list", async () => {
    serveLives([liveRow(4)]);
    openCourseLives("/liveCourse?courseId=11");
    await rowsShown(1);
    fireEvent.click(button("返回", document.querySelector(".ant-card-extra")!));
    await waitFor(() => expect(currentLocation()).toBe("/courseop"));
  });

  it("says so for an address without a course, and for a course that cannot be found", async () => {
    serveLives([]);
    const view = openCourseLives("/liveCourse");
    expect(await screen.findByText("未指定课程")).toBeTruthy();
    view.unmount();
    openCourseLives("/liveCourse?courseId=99");
    expect(await screen.findByText("课程加载失败")).toBeTruthy();
    expect(screen.getByText("记录不存在")).toBeTruthy();
  });
});
