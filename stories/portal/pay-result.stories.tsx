import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { rechargeApi } from "../../resources/billing/recharge";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { signedInAdmin } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";
import { payResults } from "./portal-fixtures";

const meta = {
  title: "Portal/Pay result",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = (tradeNo: string | null, answer: MockRoutes[number][1]): ScreenParameters => ({
  initialEntries: [tradeNo === null ? "/payresult" : `/payresult?trade_no=${tradeNo}`],
  api: [...signedInAdmin(), [rechargeApi.resultQuery, answer]],
});

const expectTitle = (title: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(await within(canvasElement).findByText(title)).toBeVisible();
};

export const Paid: Story = { parameters: screen(payResults.paid.trade_no, okEnvelope(payResults.paid)), play: expectTitle("支付成功") };

/** Still waiting: asked again every 3 s (2 §4 "WeChat recharge"). */
export const Pending: Story = { parameters: screen(payResults.pending.trade_no, okEnvelope(payResults.pending)), play: expectTitle("等待支付结果") };

export const Failed: Story = { parameters: screen(payResults.failed.trade_no, okEnvelope(payResults.failed)), play: expectTitle("支付失败") };

export const NotFound: Story = { parameters: screen("NOSUCHORDER", failEnvelope(404, "订单不存在")), play: expectTitle("订单不存在") };

/** An address without its order number. */
export const NoTradeNo: Story = { parameters: screen(null, okEnvelope(payResults.paid)), play: expectTitle("订单不存在") };

export const QueryFailed: Story = { parameters: screen(payResults.paid.trade_no, failEnvelope(500, "服务器内部错误")), play: expectTitle("支付结果查询失败") };
