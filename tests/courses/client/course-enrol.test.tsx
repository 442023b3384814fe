import { fireEvent, screen, waitFor } from "@testing-library/react";
import { utils, write } from "xlsx";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { SheetToolsContext, type SheetTools } from "../../../src/lib/xlsx/sheet-tools";
import { CourseEnrolDialog } from "../../../src/features/courses/enrol/course-enrol-dialog";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { chooseFile, heldAnswers, parseGiving, resultOf, sheetTools, statusText, tableRows } from "../../users/client/import-support";
import { button, renderPage } from "../../users/client/render-page";

const course = { id: 7, title: "高一数学提高班" };

function renderEnrol(tools: Partial<SheetTools> = {}) {
  const value = sheetTools(tools);
  const view = renderPage(
    "/courseop",
    <SheetToolsContext.Provider value={value}>
      <CourseEnrolDialog course={course} onClose={vi.fn()} />
    </SheetToolsContext.Provider>,
  );
  return { ...view, tools: value };
}

const phones = (n: number) => Array.from({ length: n }, (_, i) => [`学员${i + 1}`, String(13700000001 + i)]);

/** Rows from a loaded file, ready to import. */
async function loaded(rows: string[][]) {
  renderEnrol({ parseSheet: parseGiving(rows) });
  chooseFile(new File(["x"], "名单.xlsx"));
  await waitFor(() => expect(tableRows()).toHaveLength(rows.length));
}

const promptText = async (text: string) => expect((await screen.findByText(text)).closest(".ant-modal")).toBeTruthy();

describe("course batch enrol by mobile", () => {
  afterEach(() => setHttpAdapter());

  it("takes xlsx and xls only, alerting 格式错误！请重新选择 for a .csv", async () => {
    const parseSheet = parseGiving(phones(1));
    renderEnrol({ parseSheet });
    expect(screen.getByText("批量导入 - 高一数学提高班")).toBeTruthy();
    expect(document.querySelector<HTMLInputElement>(".ant-modal input[type=file]")!.accept).toBe(".xlsx,.xls");
    chooseFile(new File(["姓名,手机号"], "名单.csv"));
    expect((await screen.findByRole("alert")).textContent).toBe("格式错误！请重新选择");
    expect(parseSheet).not.toHaveBeenCalled();
    chooseFile(new File(["x"], "名单.XLS"));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(parseSheet.mock.calls[0][1]).toEqual({ maxRows: 500 });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("drops the header row and keeps at most 500 rows of a real xlsx", async () => {
    renderEnrol();
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([["姓名", "手机号"], ...phones(510)]), "学员");
    chooseFile(new File([write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer], "名单.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(500));
    expect(tableRows()[0].textContent).toContain("学员1");
    expect(tableRows()[0].textContent).toContain("13700000001");
    expect(tableRows()[499].textContent).toContain("学员500");
    expect(screen.getByRole("alert").textContent).toBe("文件超过500行，只保留了前500行");
  }, 30_000);

  it("sends rows one at a time with the course id, showing each result", async () => {
    const answers = heldAnswers();
    const server = fakeServer({ "POST /cms/inputstudentcourse": answers.handler });
    await loaded([...phones(2), ["无号", ""]]);
    expect(resultOf(3)).toBe("手机号不能为空");

    fireEvent.click(button("导入"));
    await waitFor(() => expect(answers.held).toHaveLength(1));
    expect(resultOf(1)).toContain("导入中");
    expect(statusText()).toBe("正在导入 0/3");
    answers.held[0].release(ok());
    await waitFor(() => expect(answers.held).toHaveLength(2));
    expect(resultOf(1)).toBe("成功");
    answers.held[1].release(ok());
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 2 条，失败 1 条"));
    // The empty mobile was refused here, with the schema's words, and never sent.
    expect(server.calls("POST /cms/inputstudentcourse").map((request) => request.body)).toEqual([
      { mobile: "13700000001", courseid: 7 },
      { mobile: "13700000002", courseid: 7 },
    ]);
    expect(answers.mostAtOnce()).toBe(1);
  });

  it("asks `${msg}，是否继续？` after a refused row: 取消 stops there, and a rerun skips the rows already added", async () => {
    const server = fakeServer({
      "POST /cms/inputstudentcourse": (request: { body?: Record<string, unknown> }) =>
        request.body?.mobile === "13700000002" ? fail(1, "该手机号不是本机构的学生") : ok(),
    });
    await loaded(phones(4));
    fireEvent.click(button("导入"));
    await promptText("该手机号不是本机构的学生，是否继续？");
    expect(resultOf(2)).toBe("该手机号不是本机构的学生");
    expect(screen.getByRole("checkbox", { name: "不再提示" })).toBeTruthy();
    fireEvent.click(button("取消"));
    await waitFor(() => expect(statusText()).toBe("已停止：成功 1 条，失败 1 条，未处理 2 条"));
    expect(server.calls("POST /cms/inputstudentcourse")).toHaveLength(2);

    fireEvent.click(button("导入"));
    await promptText("该手机号不是本机构的学生，是否继续？");
    fireEvent.click(button("确定"));
    // Every row of the table: the first, added by the earlier run, counts too.
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 3 条，失败 1 条"));
    expect(server.calls("POST /cms/inputstudentcourse").map((request) => request.body?.mobile)).toEqual([
      "13700000001",
      "13700000002",
      "13700000002",
      "13700000003",
      "13700000004",
    ]);
    expect(button("导入").disabled).toBe(false);
  });

  it("asks no more once 不再提示 was ticked", async () => {
    const refused = new Set(["13700000001", "13700000003", "13700000004"]);
    fakeServer({
      "POST /cms/inputstudentcourse": (request: { body?: Record<string, unknown> }) =>
        refused.has(String(request.body?.mobile)) ? fail(1, "该学生已在本课程中") : ok(),
    });
    await loaded(phones(5));
    fireEvent.click(button("导入"));
    await promptText("该学生已在本课程中，是否继续？");
    fireEvent.click(screen.getByRole("checkbox", { name: "不再提示" }));
    fireEvent.click(button("确定"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 2 条，失败 3 条"));
    await waitFor(() => expect(screen.queryByText("该学生已在本课程中，是否继续？")).toBeNull());
    expect(screen.queryByRole("checkbox", { name: "不再提示" })).toBeNull();
    expect([1, 2, 3, 4, 5].map(resultOf)).toEqual(["该学生已在本课程中", "成功", "该学生已在本课程中", "该学生已在本课程中", "成功"]);
  });

  it("stops after the row being sent", async () => {
    const answers = heldAnswers();
    fakeServer({ "POST /cms/inputstudentcourse": answers.handler });
    await loaded(phones(3));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(answers.held).toHaveLength(1));
    fireEvent.click(button("停止"));
    expect(button("正在停止")).toBeTruthy();
    answers.held[0].release(ok());
    await waitFor(() => expect(statusText()).toBe("已停止：成功 1 条，失败 0 条，未处理 2 条"));
    expect(answers.held).toHaveLength(1);
    expect(resultOf(2)).toBe("");
  });

  it("starts afresh after 关闭", async () => {
    fakeServer({ "POST /cms/inputstudentcourse": ok() });
    function Host() {
      const [shown, setShown] = useState<typeof course | null>(course);
      return (
        <>
          <button onClick={() => setShown(course)}>打开</button>
          <CourseEnrolDialog course={shown} onClose={() => setShown(null)} />
        </>
      );
    }
    renderPage(
      "/courseop",
      <SheetToolsContext.Provider value={sheetTools({ parseSheet: parseGiving(phones(2)) })}>
        <Host />
      </SheetToolsContext.Provider>,
    );
    chooseFile(new File(["x"], "名单.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 2 条，失败 0 条"));
    fireEvent.click(button("关闭"));
    await waitFor(() => expect(document.querySelector(".ant-modal input[type=file]")).toBeNull());
    fireEvent.click(button("打开"));
    await waitFor(() => expect(document.querySelector(".ant-modal input[type=file]")).toBeTruthy());
    expect(tableRows()).toHaveLength(0);
    expect(statusText()).toBe("");
  });

  it("downloads a template of name and mobile", async () => {
    const blob = new Blob(["xlsx"]);
    const { tools } = renderEnrol({ buildSheet: vi.fn(async () => blob) });
    fireEvent.click(button("下载模板"));
    await waitFor(() => expect(tools.saveFile).toHaveBeenCalledWith(blob, "课程学员导入模板.xlsx"));
    expect(tools.buildSheet).toHaveBeenCalledWith([["姓名", "手机号"]], "学员", { textColumns: [1], textRows: 500 });
  });
});
