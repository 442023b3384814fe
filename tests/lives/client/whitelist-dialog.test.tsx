import { fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WhitelistRow } from "../../../resources/lives/live-validator";
import { setHttpAdapter } from "../../../providers/http";
import { sheetCancelledText, type BuildSheet } from "../../../src/lib/xlsx/build-sheet";
import { SheetToolsContext } from "../../../src/lib/xlsx/sheet-tools";
import type { ParseSheet } from "../../../src/lib/xlsx/parse-sheet";
import { mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { sampleEntries, verificationAnswers, type VerificationStage } from "../../../stories/lives/verification-answers";
import { WhitelistStage } from "../../../stories/lives/whitelist-stage";
import { sheetTools } from "../../users/client/import-support";
import { button, renderPage } from "../../users/client/render-page";

function serve(stage: VerificationStage = {}, extra: MockRoutes = []) {
  const calls: MockCall[] = [];
  const answers = verificationAnswers(stage);
  setHttpAdapter(mockAdapter([...answers, ...extra], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.endsWith(path)), state: answers.state };
}

function open(tools: Parameters<typeof sheetTools>[0] = {}) {
  const value = sheetTools(tools);
  renderPage(
    "/liveop",
    <SheetToolsContext.Provider value={value}>
      <WhitelistStage onClose={vi.fn()} />
    </SheetToolsContext.Provider>,
  );
  return value;
}

const list = () => document.querySelector<HTMLElement>(".ant-modal")!;
const usernames = () => [...list().querySelectorAll(".ant-table-tbody tr.ant-table-row td:first-child")].map((cell) => cell.textContent);
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const topModal = () => [...document.querySelectorAll<HTMLElement>(".ant-modal")].at(-1)!;
const popconfirm = () => document.querySelector<HTMLElement>(".ant-popover:not(.ant-popover-hidden)");

async function fillEntry(username: string, password: string) {
  fireEvent.click(button("添加"));
  const dialog = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(".ant-modal input#root_username");
    if (!found) throw new Error("no form yet");
    return found.closest<HTMLElement>(".ant-modal")!;
  });
  fireEvent.change(dialog.querySelector("#root_username")!, { target: { value: username } });
  fireEvent.change(dialog.querySelector("#root_password")!, { target: { value: password } });
  fireEvent.click(within(dialog).getByRole("button", { name: /确\s?定/ }));
  return dialog;
}

describe("the whitelist dialog", () => {
  afterEach(() => setHttpAdapter());

  it("lists the live's entries 10 a page with the service's page and limit, and turns pages", async () => {
    const server = serve({ entries: sampleEntries });
    open();
    await waitFor(() => expect(usernames()).toHaveLength(10));
    expect(server.of("GET", "/admin/whitelist")[0].query).toEqual({ roomid: 42, token: "story-token-42", page: 1, limit: 10 });
    expect(list().textContent).toContain("共 23 条");
    fireEvent.click(list().querySelector(".ant-pagination-item-3")!);
    await waitFor(() => expect(usernames()).toEqual([sampleEntries[20].username, sampleEntries[21].username, sampleEntries[22].username]));
  });

  it("shows its empty state", async () => {
    serve();
    open();
    await waitFor(() => expect(list().textContent).toContain("还没有白名单，可添加或从表格导入"));
    expect((button("清空白名单") as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 获取白名单失败 and the server's msg when the list fails, and reads again on 重试", async () => {
    const server = serve({ listFail: "服务暂不可用" });
    open();
    // The engine's table says a failed list in its place: the spec's words, the server's under them.
    const failed = await waitFor(() => {
      const result = list().querySelector<HTMLElement>(".ant-result");
      if (!result) throw new Error("no failure shown yet");
      return result;
    });
    expect(failed.querySelector(".ant-result-title")!.textContent).toBe("获取白名单失败");
    expect(failed.querySelector(".ant-result-subtitle")!.textContent).toBe("服务暂不可用");
    const before = server.of("GET", "/admin/whitelist").length;
    fireEvent.click(button("重试"));
    await waitFor(() => expect(server.of("GET", "/admin/whitelist").length).toBeGreaterThan(before));
  });

  it("adds an entry, refusing an empty one in the form's words and a taken password with 添加失败 and the server's reason", async () => {
    const server = serve({ entries: sampleEntries.slice(0, 3) });
    open();
    await waitFor(() => expect(usernames()).toHaveLength(3));
    const dialog = await fillEntry("", "");
    await waitFor(() => expect(dialog.textContent).toContain("请输入用户名和密码"));
    expect(server.of("POST", "/admin/whitelist")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: /取\s?消/ }));

    await fillEntry("新同学", sampleEntries[0].password);
    await waitFor(() => expect(toasts()).toContain("添加失败，该密码已存在"));
    fireEvent.change(document.querySelector("#root_password")!, { target: { value: "fresh-1" } });
    fireEvent.click(within(document.querySelector("#root_password")!.closest<HTMLElement>(".ant-modal")!).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(usernames()).toContain("新同学"));
    expect(server.of("POST", "/admin/whitelist").at(-1)!.body).toEqual({ username: "新同学", password: "fresh-1" });
    expect(server.of("POST", "/admin/whitelist").at(-1)!.query).toEqual({ roomid: 42, token: "story-token-42" });
  });

  it("says 添加失败， 可能存在相同的密码 when an add gets no answer at all", async () => {
    serve({ entries: [] }, [[{ method: "POST", path: "/admin/whitelist", host: "liveValidator" }, () => Promise.reject(new Error("socket hang up"))]]);
    open();
    await waitFor(() => expect(list().textContent).toContain("还没有白名单"));
    await fillEntry("甲", "p1");
    await waitFor(() => expect(toasts()).toContain("添加失败， 可能存在相同的密码"));
  });

  it("changes an entry with 修改失败 and the reason when refused, and removes one", async () => {
    const server = serve({ entries: sampleEntries.slice(0, 3), refuse: { update: "该密码已存在" } });
    open();
    await waitFor(() => expect(usernames()).toHaveLength(3));
    fireEvent.click(list().querySelector(`button[aria-label="修改${sampleEntries[1].username}"]`)!);
    const dialog = await waitFor(() => document.querySelector<HTMLElement>("#root_username")!.closest<HTMLElement>(".ant-modal")!);
    expect((dialog.querySelector("#root_password") as HTMLInputElement).value).toBe(sampleEntries[1].password);
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(toasts()).toContain("修改失败，该密码已存在"));
    expect(server.of("PUT", "/admin/whitelist")[0].query).toEqual({ roomid: 42, token: "story-token-42", id: sampleEntries[1].id });
    fireEvent.click(within(dialog).getByRole("button", { name: /取\s?消/ }));

    fireEvent.click(list().querySelector(`button[aria-label="删除${sampleEntries[0].username}"]`)!);
    await waitFor(() => expect(popconfirm()?.textContent).toContain("确定删除该白名单吗？"));
    fireEvent.click(within(popconfirm()!).getByRole("button", { name: /删\s?除/ }));
    await waitFor(() => expect(usernames()).toHaveLength(2));
    expect(server.of("DELETE", "/admin/whitelist")[0].query).toEqual({ roomid: 42, token: "story-token-42", id: sampleEntries[0].id });
  });

  it.each([
    ["清除白名单成功", {}, 0],
    ["清除白名单失败，服务暂不可用", { clear: "服务暂不可用" }, 2],
  ])("clears the list after asking, saying %s", async (said, refuse, left) => {
    const server = serve({ entries: sampleEntries.slice(0, 2), refuse });
    open();
    await waitFor(() => expect(usernames()).toHaveLength(2));
    await waitFor(() => expect((button("清空白名单") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button("清空白名单"));
    await waitFor(() => expect(popconfirm()?.textContent).toContain("确定清空白名单吗？"));
    fireEvent.click(within(popconfirm()!).getByRole("button", { name: /清\s?空/ }));
    await waitFor(() => expect(toasts()).toContain(said));
    expect(server.of("DELETE", "/admin/whitelist")[0].query).toEqual({ roomid: 42, token: "story-token-42", id: 0 });
    await waitFor(() => expect(usernames()).toHaveLength(left));
  });

  it("downloads the template and exports the whole list through the sheet worker, or says 导出白名单失败", async () => {
    serve({ entries: sampleEntries });
    const tools = open();
    await waitFor(() => expect(usernames()).toHaveLength(10));
    fireEvent.click(button("下载模板"));
    await waitFor(() => expect(tools.saveFile).toHaveBeenCalledWith(expect.any(Blob), "白名单导入模板.xlsx"));
    expect(tools.buildSheet).toHaveBeenCalledWith([["用户名", "密码"]], "白名单", { textColumns: [0, 1], textRows: 20_000 });
    fireEvent.click(button("导出"));
    await waitFor(() => expect(tools.saveFile).toHaveBeenCalledWith(expect.any(Blob), "白名单-高一数学公开课.xlsx"));
    const rows = vi.mocked(tools.buildSheet).mock.calls.at(-1)![0];
    expect(rows).toHaveLength(24);
    expect(rows[1]).toEqual([sampleEntries[0].username, sampleEntries[0].password]);
  });

  it("shows the rows written while the export runs, and 取消 stops the writing without saving a file", async () => {
    serve({ entries: sampleEntries });
    let signal: AbortSignal | undefined;
    const buildSheet = vi.fn<BuildSheet>(
      (rows, _name, options) =>
        new Promise((_resolve, reject) => {
          signal = options?.signal;
          // What the sheet worker reports: rows placed so far, the header row included.
          options?.onProgress?.(11, rows.length);
          signal?.addEventListener("abort", () => reject(new Error(sheetCancelledText)));
        }),
    );
    const tools = open({ buildSheet });
    await waitFor(() => expect(usernames()).toHaveLength(10));
    fireEvent.click(button("导出"));
    const status = await waitFor(() => {
      const found = [...list().querySelectorAll("[role=status]")].find((node) => node.textContent?.startsWith("已写入"));
      if (!found) throw new Error("no progress yet");
      return found;
    });
    expect(status.textContent).toBe("已写入 10/23 行");
    expect(list().querySelector("[aria-label=导出进度]")!.getAttribute("aria-valuenow")).toBe("43");
    fireEvent.click(button("取消导出"));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(toasts()).toContain("已取消导出"));
    expect(tools.saveFile).not.toHaveBeenCalled();
    expect(list().querySelector("[aria-label=导出进度]")).toBeNull();
    expect(button("导出").disabled).toBe(false);
  });

  it("says 导出白名单失败 and the server's words when the export fails", async () => {
    serve({ entries: sampleEntries, refuse: { export: "导出过于频繁" } });
    open();
    await waitFor(() => expect(usernames()).toHaveLength(10));
    fireEvent.click(button("导出"));
    await waitFor(() => expect(toasts()).toContain("导出白名单失败，导出过于频繁"));
  });
});

describe("the whitelist import", () => {
  afterEach(() => setHttpAdapter());

  const chooseFile = (name: string) =>
    fireEvent.change(topModal().querySelector<HTMLInputElement>("input[type=file]")!, { target: { files: [new File(["x"], name)] } });
  const startImport = async () => {
    await waitFor(() => expect(usernames().length).toBeGreaterThan(0));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(topModal().textContent).toContain("导入白名单"));
  };

  it("refuses a file that is not xlsx, xls or csv with 格式错误！请重新选择", async () => {
    serve({ entries: sampleEntries });
    const parseSheet = vi.fn<ParseSheet>();
    open({ parseSheet });
    await startImport();
    chooseFile("名单.docx");
    await waitFor(() => expect(topModal().textContent).toContain("格式错误！请重新选择"));
    expect(parseSheet).not.toHaveBeenCalled();
  });

  it("reads the nick and password columns, shows the dry run's counts and error rows, downloads them, then imports in one call", async () => {
    const server = serve({ entries: sampleEntries });
    const sheet = {
      header: ["序号", "密码", "昵称"],
      rows: [
        ["1", "new001", "新同学甲"],
        ["2", sampleEntries[0].password, "王同学"],
        ["3", "new002", "新同学乙"],
        ["4", "new001", "新同学丙"],
        ["5", "", "新同学丁"],
      ],
      truncated: false,
    };
    const tools = open({ parseSheet: vi.fn<ParseSheet>(async () => sheet) });
    await startImport();
    chooseFile("名单.xlsx");
    await waitFor(() => expect(topModal().textContent).toContain("名单.xlsx：共 5 条，可导入 2 条，错误 3 条"));
    const sent = server.of("POST", "/admin/whitelist/check")[0].body.rows as WhitelistRow[];
    expect(sent[0]).toEqual({ username: "新同学甲", password: "new001" });
    expect(tools.parseSheet).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ maxRows: 20_000 }));
    expect(topModal().textContent).toContain("密码已在白名单中");
    expect(topModal().textContent).toContain("与第1条的密码重复");
    expect(topModal().textContent).toContain("用户名或密码为空");
    expect(server.of("POST", "/admin/whitelist/import")).toHaveLength(0);

    fireEvent.click(button("下载错误行"));
    await waitFor(() => expect(tools.saveFile).toHaveBeenCalledWith(expect.any(Blob), "白名单导入错误行.xlsx"));
    expect(vi.mocked(tools.buildSheet).mock.calls.at(-1)![0]).toEqual([
      ["序号", "用户名", "密码", "错误原因"],
      ["2", "王同学", sampleEntries[0].password, "密码已在白名单中"],
      ["4", "新同学丙", "new001", "与第1条的密码重复"],
      ["5", "新同学丁", "", "用户名或密码为空"],
    ]);

    fireEvent.click(within(topModal()).getByRole("button", { name: /确认导入 2 条/ }));
    await waitFor(() => expect(topModal().textContent).toContain("成功导入 2 条"));
    expect(server.of("POST", "/admin/whitelist/import")).toHaveLength(1);
    expect(server.of("POST", "/admin/whitelist/import")[0].body).toEqual({ rows: sent });
    fireEvent.click(within(topModal()).getByRole("button", { name: /完\s?成/ }));
    await waitFor(() => expect(list().textContent).toContain("共 25 条"));
  });

  it("refuses a sheet of more than 20,000 rows before sending anything", async () => {
    const server = serve({ entries: sampleEntries });
    open({ parseSheet: vi.fn<ParseSheet>(async () => ({ header: ["用户名", "密码"], rows: [["a", "b"]], truncated: true })) });
    await startImport();
    chooseFile("大名单.csv");
    await waitFor(() => expect(topModal().textContent).toContain("每次最多导入20000条，请拆分文件后重新选择"));
    expect(server.of("POST", "/admin/whitelist/check")).toHaveLength(0);
  });
});
