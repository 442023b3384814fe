import { composeStories, setProjectAnnotations } from "@storybook/react";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import preview from "../../../.storybook/preview";
import { setHttpAdapter } from "../../../providers/http";
import { PayResultPage } from "../../../src/features/billing/pay-result-page";
import * as stories from "../../../stories/portal/pay-result.stories";
import { payResults } from "../../../stories/portal/portal-fixtures";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { renderPage } from "../../users/client/render-page";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/** /payresult (3 §2.6, §7.3): each state as its story shows it, and a pending payment asked about every 3 s. */

setProjectAnnotations(preview);

describe("/payresult", () => {
  afterEach(() => {
    vi.useRealTimers();
    setHttpAdapter();
  });

  it.each(Object.entries(composeStories(stories)))("shows the %s story's state", async (_name, Story) => {
    await Story.run();
  });

  it("asks again every 3 s while the payment is pending, and stops once it is paid", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let asked = 0;
    const server = fakeServer({
      "GET /cms/wechatpay/resultquery": () => (++asked < 3 ? ok(payResults.pending) : ok({ ...payResults.pending, status: "paid", PayTime: "2026-05-12 10:00:30" })),
    });
    renderPage(`/payresult?trade_no=${payResults.pending.trade_no}`, <PayResultPage />);
    expect(await screen.findByText("等待支付结果")).toBeTruthy();
    expect(server.calls("GET /cms/wechatpay/resultquery")[0].params).toEqual({ trade_no: payResults.pending.trade_no });
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(server.calls("GET /cms/wechatpay/resultquery")).toHaveLength(2));
    act(() => void vi.advanceTimersByTime(3000));
    expect(await screen.findByText("支付成功")).toBeTruthy();
    expect(screen.getByText("2026-05-12 10:00:30")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(30_000));
    expect(server.calls("GET /cms/wechatpay/resultquery")).toHaveLength(3);
  });

  it("says 订单不存在 for an unknown number and stops asking", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const server = fakeServer({ "GET /cms/wechatpay/resultquery": fail(404, "订单不存在") });
    renderPage("/payresult?trade_no=NOSUCH", <PayResultPage />);
    expect(await screen.findByText("没有找到订单 NOSUCH，请确认订单号是否正确。")).toBeTruthy();
    const asked = server.calls("GET /cms/wechatpay/resultquery").length;
    act(() => void vi.advanceTimersByTime(30_000));
    expect(server.calls("GET /cms/wechatpay/resultquery")).toHaveLength(asked);
  });
});
