import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import course from "../../../resources/courses/course";
import { imageUpload } from "../../../resources/kernel/upload";
import { setHttpAdapter } from "../../../providers/http";
import { courseRows } from "../../../stories/courses/course-answers";
import { failEnvelope, okEnvelope } from "../../../stories/mock-api";
import { button, dialog, fieldErrors, findDialog } from "../../kernel/client/engine/support";
import { formItem, openCourses, openOptions, pick, rowsShown, serveCourses, toasts } from "./course-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const field = (label: string) => formItem(label, dialog());
const typeShown = () => field("班型").querySelector(".ant-select-selection-item")?.textContent;
const maxUsers = () => {
  const item = field("最大人数");
  const checked = item.querySelector<HTMLInputElement>(".ant-radio-wrapper-checked")?.textContent;
  return checked ?? item.querySelector<HTMLInputElement>("input")!.value;
};

async function openCreate() {
  fireEvent.click(await waitFor(() => button("创建课程")));
  return findDialog();
}

async function openEdit(title: string) {
  await rowsShown(3);
  const row = [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")].find((candidate) => candidate.textContent?.includes(title))!;
  fireEvent.click(button("修改", row));
  return findDialog();
}

/** Types a time into the expiry picker and confirms it there, as a person typing would. */
async function typeExpiry(text: string) {
  const input = field("课程有效期").querySelector("input")!;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => expect(input.value).toBe(text));
}

const typeTitle = (title: string) => fireEvent.change(within(dialog()).getByPlaceholderText("请输入课程名称"), { target: { value: title } });

const confirm = () => fireEvent.click(button("确定", dialog()));

describe("the create dialog", () => {
  it("offers only the types the server allows, starts with the first and fits the maximum users to it", async () => {
    const server = serveCourses(courseRows(3), { offered: [0, 1] });
    openCourses();
    await openCreate();
    await waitFor(() => expect(typeShown()).toBe("小班课"));
    expect(server.of("GET", "/cms/coursetypes")).toHaveLength(1);
    expect(maxUsers()).toBe("1对1");
    expect([...field("最大人数").querySelectorAll(".ant-radio-wrapper")].map((option) => option.textContent)).toEqual(["1对1", "1对6"]);
    fireEvent.mouseDown(field("班型").querySelector(".ant-select-selector")!);
    await waitFor(() => expect(openOptions()).toEqual(["小班课", "大班课"]));
  });

  it("keeps the maximum users a new type allows, and sets 25 for the large classes (1 §5)", async () => {
    serveCourses(courseRows(3), { offered: [0, 1, 2] });
    openCourses();
    await openCreate();
    await waitFor(() => expect(maxUsers()).toBe("1对1"));
    fireEvent.click(screen.getByText("1对6"));
    await pick(field("班型"), "公开课");
    await waitFor(() => expect(maxUsers()).toBe("6"));
    await pick(field("班型"), "大班课");
    await waitFor(() => expect(maxUsers()).toBe("25"));
  });

  it("says 互动大班课's ceiling, and keeps 500 as typed with the reason rather than a silent 100", async () => {
    const refusal = "互动大班课最大人数不能超过100人";
    const server = serveCourses(courseRows(3), { offered: [6, 0] }, [[course.api.create, failEnvelope(1, refusal, { field: "maxusernum" })]]);
    openCourses();
    await openCreate();
    await waitFor(() => expect(maxUsers()).toBe("25"));
    expect(field("最大人数").textContent).toContain("互动大班课最多100人");
    const input = field("最大人数").querySelector("input")!;
    fireEvent.change(input, { target: { value: "500" } });
    fireEvent.blur(input);
    await waitFor(() => expect(field("最大人数").textContent).toContain(refusal));
    expect(input.value).toBe("500");

    typeTitle("大课");
    await typeExpiry("2099-01-01 10:00:00");
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual([refusal]));
    expect(server.of("POST", "/cms/course")[0].body).toMatchObject({ type: 6, maxusernum: 500 });
    expect(input.value).toBe("500");
  });

  it("puts a small class over 6 back to 1对1", async () => {
    serveCourses(courseRows(3), { offered: [6, 0] });
    openCourses();
    await openCreate();
    await waitFor(() => expect(maxUsers()).toBe("25"));
    await pick(field("班型"), "小班课");
    await waitFor(() => expect(maxUsers()).toBe("1对1"));
  });

  it("shows every message of 1 §5 under its field: name required, at most 30, description at most 200, expiry required", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await openCreate();
    await waitFor(() => expect(typeShown()).toBe("小班课"));
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["请输入课程名", "课程有效期不能为空"]));
    typeTitle("课".repeat(31));
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入课程描述"), { target: { value: "述".repeat(201) } });
    await waitFor(() => expect(fieldErrors()).toEqual(["课程标题不能超过30字", "课程有效期不能为空", "课程描述不能超过200字"]));
  });

  it("refuses an expiry earlier than now: 课程有效期不能小于当前时间", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await openCreate();
    typeTitle("数学");
    await typeExpiry(`${dayjs().format("YYYY-MM-DD")} 00:00:00`);
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["课程有效期不能小于当前时间"]));
  });

  it("starts with the first type even when the types arrive while the person is typing", async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    serveCourses(courseRows(3), {}, [[course.extra.offeredTypes, async () => (await arrived, okEnvelope([0, 1]))]]);
    openCourses();
    await openCreate();
    typeTitle("数学");
    answer();
    await typeExpiry(`${dayjs().format("YYYY-MM-DD")} 00:00:00`);
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["课程有效期不能小于当前时间"]));
    expect(typeShown()).toBe("小班课");
  });

  it("keeps a typed past expiry and judges it by the schema's rule, not as empty", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await openCreate();
    typeTitle("数学");
    await typeExpiry("2020-01-01 10:00:00");
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["课程有效期不能小于当前时间"]));
    expect(field("课程有效期").querySelector("input")!.value).toBe("2020-01-01 10:00:00");
  });

  /** 创建课程 with 大班课 (the one type offered), a title and an expiry, then 确定. */
  async function addCourse(title: string) {
    await openCreate();
    await waitFor(() => expect(maxUsers()).toBe("25"));
    typeTitle(title);
    await typeExpiry("2099-01-01 10:00:00");
    confirm();
  }

  it("adds the course with what was chosen, says 添加成功 and shows it first; a refusal shows the server's msg", async () => {
    const server = serveCourses(courseRows(3), { offered: [1] });
    openCourses();
    await addCourse("新开课程");
    await waitFor(() => expect(server.of("POST", "/cms/course")).toHaveLength(1));
    expect(server.of("POST", "/cms/course")[0].body).toEqual({ title: "新开课程", type: 1, maxusernum: 25, expire: "2099-01-01 10:00:00" });
    await waitFor(() => expect(toasts()).toContain("添加成功"));
    await waitFor(() => expect(document.querySelector(".ant-table-tbody tr.ant-table-row")?.textContent).toContain("新开课程"));

    setHttpAdapter();
    serveCourses(courseRows(3), { offered: [1] }, [[course.api.create, failEnvelope(1, "课程名称已存在")]]);
    await addCourse("重复课程");
    await waitFor(() => expect(toasts()).toContain("课程名称已存在"));
  });
});

describe("the edit dialog", () => {
  it("shows the course's type, disabled, and its values; the title may be up to 60", async () => {
    serveCourses(courseRows(3));
    openCourses();
    await openEdit("初二英语阅读");
    expect(dialog().textContent).toContain("修改课程");
    expect(typeShown()).toBe("大班课");
    expect(field("班型").querySelector(".ant-select-disabled")).toBeTruthy();
    expect(maxUsers()).toBe("25");
    expect((within(dialog()).getByPlaceholderText("请输入课程名称") as HTMLInputElement).value).toBe("初二英语阅读");
    expect(field("课程有效期").querySelector("input")!.value).toBe("2027-06-30 23:59:59");
    typeTitle("课".repeat(61));
    confirm();
    await waitFor(() => expect(fieldErrors()).toEqual(["课程标题不能超过60字"]));
  });

  it("says 修改成功 on success; a refused change says nothing (1 §8)", async () => {
    const server = serveCourses(courseRows(3));
    openCourses();
    await openEdit("高一数学提高班");
    fireEvent.click(screen.getByText("1对6"));
    confirm();
    await waitFor(() => expect(server.of("PATCH", "/cms/course")).toHaveLength(1));
    expect(server.of("PATCH", "/cms/course")[0].body).toMatchObject({ id: 303, type: 0, maxusernum: 6, title: "高一数学提高班" });
    await waitFor(() => expect(toasts()).toContain("修改成功"));

    setHttpAdapter();
    const refusing = serveCourses(courseRows(3), {}, [[course.api.update, failEnvelope(1, "课程不可修改")]]);
    await openEdit("初二英语阅读");
    confirm();
    await waitFor(() => expect(refusing.of("PATCH", "/cms/course")).toHaveLength(1));
    // The refusal has been handled once 确定 stops spinning: any toast would be up by then.
    await waitFor(() => expect(button("确定", dialog()).classList.contains("ant-btn-loading")).toBe(false));
    expect(toasts()).not.toContain("课程不可修改");
    expect(dialog().textContent).toContain("修改课程");
  });
});

describe("the cover upload", () => {
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return bytes;
  };
  const choose = (file: File) => fireEvent.change(field("封面").querySelector<HTMLInputElement>("input[type=file]")!, { target: { files: [file] } });
  const alertText = () => field("封面").querySelector("[role=alert]")?.textContent;

  it("turns away a text file named .png and a file over 3 MB before sending anything", async () => {
    const server = serveCourses(courseRows(3));
    openCourses();
    await openCreate();
    choose(new File(["这不是图片"], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(alertText()).toBe("请上传jpeg、png格式图片"));
    choose(new File([png(imageUpload.maxBytes + 1)], "big.png", { type: "image/png" }));
    await waitFor(() => expect(alertText()).toBe("最大上传3M"));
    choose(new File(["gif"], "cover.gif", { type: "image/gif" }));
    await waitFor(() => expect(alertText()).toBe("请上传jpeg、png格式图片"));
    expect(server.of("POST", "/upload")).toHaveLength(0);
  });

  it("sends a real png as the file field, previews the answer's URL and lets it be removed", async () => {
    const server = serveCourses(courseRows(3), { uploadedUrl: "http://cdn.example.com/c.png" });
    openCourses();
    await openCreate();
    choose(new File([png(2048)], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(field("封面").querySelector("img")?.getAttribute("src")).toBe("https://cdn.example.com/c.png"));
    const sent = server.of("POST", "/upload")[0].body as unknown as FormData;
    expect((sent.get("file") as File).name).toBe("cover.png");
    expect(button("更换图片", dialog())).toBeTruthy();
    fireEvent.click(button("删除图片", dialog()));
    await waitFor(() => expect(field("封面").querySelector("img")).toBeNull());
  });

  it("holds 确定 while the cover is still uploading, then saves it with the cover", async () => {
    let finish = () => {};
    const answered = new Promise<void>((resolve) => (finish = resolve));
    const url = "https://cdn.example.com/slow.png";
    const server = serveCourses(courseRows(3), {}, [[course.extra.upload, async () => (await answered, okEnvelope({ url }, { url }))]]);
    openCourses();
    await openCreate();
    typeTitle("上传中的课程");
    await typeExpiry(dayjs().add(1, "year").format("YYYY-MM-DD HH:mm:ss"));
    choose(new File([png(2048)], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(field("封面").textContent).toContain("上传中"));
    confirm();
    await waitFor(() => expect(toasts()).toContain("图片上传中，请稍候"));
    expect(server.of("POST", "/cms/course")).toHaveLength(0);
    finish();
    await waitFor(() => expect(field("封面").querySelector("img")?.getAttribute("src")).toBe(url));
    confirm();
    await waitFor(() => expect(server.of("POST", "/cms/course")).toHaveLength(1));
    expect(server.of("POST", "/cms/course")[0].body).toMatchObject({ title: "上传中的课程", headimg: url });
  });
});
