import { message } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpRequestError } from "../../../../providers/http";
import { notificationProvider, reportError } from "../../../../providers/notify";

describe("the console's notification provider", () => {
  let open: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    open = vi.spyOn(message, "open").mockImplementation(() => (() => undefined) as never);
    error = vi.spyOn(message, "error").mockImplementation(() => (() => undefined) as never);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a hook's success and failure as one toast in the caller's words", () => {
    notificationProvider.open({ key: "k1", type: "success", message: "添加成功" });
    notificationProvider.open({ key: "k2", type: "error", message: "删除商品失败" });
    expect(open.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      { key: "k1", type: "success", content: "添加成功" },
      { key: "k2", type: "error", content: "删除商品失败" },
    ]);
  });

  it("shows the server's msg rather than Refine's English title when a failure carries one", () => {
    notificationProvider.open({ type: "error", message: "Error (status code: 400)", description: "手机号已存在" });
    expect(open.mock.calls[0][0]).toMatchObject({ content: "手机号已存在" });
  });

  it("makes no undoable countdowns", () => {
    notificationProvider.open({ type: "progress", message: "撤销", undoableTimeout: 5 });
    expect(open).not.toHaveBeenCalled();
  });

  it("reportError tells a failure outside the hooks once, and never a quiet one", () => {
    reportError(new HttpRequestError("服务器内部错误", 500), "加载失败：");
    reportError(new HttpRequestError("请求超时", 408, { quiet: true }));
    reportError(new HttpRequestError("未授权，请登录", 401, { quiet: true }));
    expect(error.mock.calls).toEqual([["加载失败：服务器内部错误"]]);
  });
});
