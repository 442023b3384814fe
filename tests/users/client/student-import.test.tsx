import { fireEvent, screen, waitFor } from "@testing-library/react";
import { utils, write } from "xlsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { cellInput, chooseFile, heldAnswers, parseGiving, renderImport, resultOf, statusText, tableRows } from "./import-support";
import { button } from "./render-page";

const open = async () => {
  fireEvent.click(button("批量导入"));
  await screen.findByText("批量导入学生");
};

const xlsxFile = (rows: unknown[][], name = "students.xlsx") => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "学生");
  return new File([write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer], name);
};

const valid = (n: number) => Array.from({ length: n }, (_, i) => [`学生${i + 1}`, "abc123", String(13700000001 + i)]);

describe("student batch import", () => {
  afterEach(() => setHttpAdapter());

  it("accepts only spreadsheet and CSV files, alerting 格式错误！请重新选择 otherwise", async () => {
    const parseSheet = parseGiving(valid(1));
    renderImport({ parseSheet });
    await open();
    const input = document.querySelector<HTMLInputElement>(".ant-modal input[type=file]")!;
    expect(input.accept).toBe(".xlsx,.xlc,.xlm,.xls,.xlt,.xlw,.csv");
    chooseFile(new File(["x"], "students.txt"));
    expect((await screen.findByRole("alert")).textContent).toBe("格式错误！请重新选择");
    expect(parseSheet).not.toHaveBeenCalled();
    chooseFile(new File(["x"], "名单.XLS"));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(parseSheet.mock.calls[0][1]).toEqual({ maxRows: 150 });
  });

  it("drops the sheet's first row as the header and keeps at most 150 rows", async () => {
    renderImport();
    await open();
    chooseFile(xlsxFile([["姓名", "密码", "手机号", "备注"], ...valid(160)]));
    await waitFor(() => expect(tableRows()).toHaveLength(150));
    expect(cellInput(1, "姓名").value).toBe("学生1");
    expect(cellInput(1, "手机号").value).toBe("13700000001");
    expect(cellInput(150, "姓名").value).toBe("学生150");
    expect(screen.getByRole("alert").textContent).toBe("文件超过150行，只保留了前150行");
  });

  it("checks each row with the import schema's messages and does not send a bad row", async () => {
    const server = fakeServer({ "POST /cms/student": ok() });
    const weak = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";
    renderImport({
      parseSheet: parseGiving([["张三", "abc123", "13800000011"], ["李四", "abc123", ""], ["王五", "abc123", "12345"], ["赵六", "123456", "13800000014"]]),
    });
    await open();
    chooseFile(new File(["x"], "a.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(4));
    expect(resultOf(2)).toContain("手机号不能为空");
    expect(resultOf(3)).toContain("手机号格式不对");
    expect(cellInput(3, "手机号").className).toContain("ant-input-status-error");
    // A default password follows the portal's rule (issue 8, finding 19).
    expect(resultOf(4)).toContain(weak);
    expect(cellInput(4, "密码").className).toContain("ant-input-status-error");
    fireEvent.change(cellInput(4, "密码"), { target: { value: "abc123" } });
    expect(resultOf(4)).not.toContain(weak);
    fireEvent.change(cellInput(4, "密码"), { target: { value: "1" } });

    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 1 条，失败 3 条"));
    expect(server.calls("POST /cms/student").map((request) => request.body)).toEqual([
      { name: "张三", mobile: "13800000011", passwd: "abc123", nick: "张三" },
    ]);
    expect(resultOf(1)).toContain("成功");
    expect(tableRows()[2].querySelector(".ant-typography-danger")!.textContent).toBe("手机号格式不对");

    // A corrected row goes on the next run; the imported one is not sent again.
    fireEvent.change(cellInput(3, "手机号"), { target: { value: "13800000013" } });
    expect(resultOf(3)).not.toContain("手机号格式不对");
    expect(cellInput(1, "手机号").disabled).toBe(true);
    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 2 条，失败 2 条"));
    expect(server.calls("POST /cms/student").map((request) => request.body?.mobile)).toEqual(["13800000011", "13800000013"]);
  });

  it("sends rows one at a time, shows the server's message per row, stops after the current row and skips imported rows on the next run", async () => {
    const answers = heldAnswers();
    const server = fakeServer({ "POST /cms/student": answers.handler });
    const { onImported } = renderImport({ parseSheet: parseGiving(valid(4)) });
    await open();
    chooseFile(new File(["x"], "a.csv"));
    await waitFor(() => expect(tableRows()).toHaveLength(4));

    fireEvent.click(button("导入"));
    await waitFor(() => expect(answers.held).toHaveLength(1));
    expect(resultOf(1)).toContain("导入中");
    expect(statusText()).toBe("正在导入 0/4");
    answers.held[0].release(ok());
    await waitFor(() => expect(answers.held).toHaveLength(2));
    expect(statusText()).toBe("正在导入 1/4");
    expect(document.querySelector(".ant-modal .ant-progress")!.getAttribute("aria-valuenow")).toBe("25");

    fireEvent.click(button("停止"));
    expect(button("正在停止")).toBeTruthy();
    answers.held[1].release(fail(1, "该手机号已存在"));
    await waitFor(() => expect(statusText()).toBe("已停止：成功 1 条，失败 1 条，未处理 2 条"));
    expect(answers.held).toHaveLength(2);
    expect(resultOf(1)).toContain("成功");
    expect(tableRows()[1].querySelector(".ant-typography-danger")!.textContent).toBe("该手机号已存在");
    expect(resultOf(3)).not.toContain("成功");
    expect(onImported).toHaveBeenCalledTimes(1);

    fireEvent.click(button("导入"));
    for (let i = 2; i < 5; i++) {
      await waitFor(() => expect(answers.held).toHaveLength(i + 1));
      answers.held[i].release(ok());
    }
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 4 条，失败 0 条"));
    expect(answers.held.map((answer) => answer.body.mobile)).toEqual(["13700000001", "13700000002", "13700000002", "13700000003", "13700000004"]);
    expect(answers.mostAtOnce()).toBe(1);
    expect(server.calls("POST /cms/student")).toHaveLength(5);
    expect(onImported).toHaveBeenCalledTimes(2);
    expect(button("导入").disabled).toBe(true);
  });

  it("sums up every row of the table after a rerun, the rows imported by an earlier run included", async () => {
    let refusals = 2;
    const server = fakeServer({
      "POST /cms/student": (request: { body?: Record<string, unknown> }) =>
        request.body?.mobile === "13700000002" && refusals-- > 0 ? fail(1, "该手机号已存在") : ok(),
    });
    renderImport({ parseSheet: parseGiving(valid(3)) });
    await open();
    chooseFile(new File(["x"], "a.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 2 条，失败 1 条"));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(server.calls("POST /cms/student")).toHaveLength(4));
    await waitFor(() => expect(button("导入")).toBeTruthy());
    // The rerun sent one row and it failed again; the table still holds two imported rows.
    expect(statusText()).toBe("导入完成：成功 2 条，失败 1 条");
    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：成功 3 条，失败 0 条"));
    expect([1, 2, 3].map(resultOf)).toEqual(["成功", "成功", "成功"]);
  });

  it("starts afresh after 关闭, and closing mid-run stops after the row being sent", async () => {
    const answers = heldAnswers();
    fakeServer({ "POST /cms/student": answers.handler });
    const { onImported } = renderImport({ parseSheet: parseGiving(valid(3)) });
    await open();
    chooseFile(new File(["x"], "a.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(answers.held).toHaveLength(1));

    fireEvent.click(button("关闭"));
    answers.held[0].release(ok());
    // onImported runs once the run has ended: no row can be sent after it.
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(answers.held).toHaveLength(1);

    await open();
    await waitFor(() => expect(tableRows()).toHaveLength(0));
    expect(screen.getAllByText("请先选择要导入的文件，或下载模板按格式填写").length).toBeGreaterThan(0);
    expect(statusText()).toBe("");
  });

  it("shows why a file could not be read", async () => {
    renderImport({ parseSheet: vi.fn(async () => Promise.reject(new Error("文件解析超时"))) });
    await open();
    chooseFile(new File(["x"], "a.xlsx"));
    expect((await screen.findByRole("alert")).textContent).toBe("文件解析超时");
    expect(tableRows()).toHaveLength(0);
  });

  it("downloads a template whose only row is the header, written by the sheet tools", async () => {
    const blob = new Blob(["xlsx"]);
    const buildSheet = vi.fn(async () => blob);
    const saveFile = vi.fn();
    renderImport({ buildSheet, saveFile });
    await open();
    fireEvent.click(button("下载模板"));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(blob, "学生批量导入模板.xlsx"));
    // 密码 and 手机号 typed as digits keep their leading zeros: those cells are text, for every row read.
    expect(buildSheet).toHaveBeenCalledWith([["姓名", "密码", "手机号", "备注"]], "学生", { textColumns: [1, 2], textRows: 150 });
  });
});
