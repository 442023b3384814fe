import { Button, Card, Descriptions, Result, Spin } from "antd";
import { useNavigate, useSearchParams } from "react-router-dom";
import { payPollSeconds, payWayLabels, rechargeApi, type PayResult } from "../../../resources/billing/recharge";
import rechargeRecord from "../../../resources/billing/recharge-record";
import { useCall } from "../../lib/use-call";

const details = (order: PayResult) => (
  <Descriptions column={1} size="small" style={{ maxWidth: 360, margin: "0 auto", textAlign: "left" }}>
    <Descriptions.Item label="订单号">{order.trade_no}</Descriptions.Item>
    <Descriptions.Item label="充值金额">{`${order.fee.toFixed(2)} 元`}</Descriptions.Item>
    <Descriptions.Item label="支付方式">{payWayLabels[order.way] ?? order.way}</Descriptions.Item>
    <Descriptions.Item label="下单时间">{order.CreateTime}</Descriptions.Item>
    {order.PayTime && <Descriptions.Item label="支付时间">{order.PayTime}</Descriptions.Item>}
  </Descriptions>
);

function BackLinks() {
  const navigate = useNavigate();
  return (
    <>
      <Button type="primary" onClick={() => navigate(rechargeRecord.route)}>
        查看充值记录
      </Button>
      <Button onClick={() => navigate("/")}>返回首页</Button>
    </>
  );
}
const backLinks = <BackLinks />;

/** One order's result, asked again every 3 s while it waits for the payment (3 §7.3). */
function OrderResult({ tradeNo }: { tradeNo: string }) {
  const result = useCall<PayResult>(rechargeApi.resultQuery, { trade_no: tradeNo }, {
    refreshMs: payPollSeconds * 1000,
    // A result is final, and so is an unknown order; a failed ask is asked again.
    refreshWhile: (answer, error) => error?.statusCode !== 404 && (!answer || answer.data.status === "pending"),
  });
  const order = result.answer?.data;
  const missing = result.error?.statusCode === 404;

  if (result.error && !order)
    return (
      <Result
        status={missing ? "404" : "warning"}
        title={missing ? "订单不存在" : "支付结果查询失败"}
        subTitle={missing ? `没有找到订单 ${tradeNo}，请确认订单号是否正确。` : result.error.message}
        extra={missing ? backLinks : <Button onClick={result.retry}>重试</Button>}
      />
    );
  if (!order) return <Spin size="large" style={{ display: "block", margin: "96px auto" }} />;
  if (order.status === "paid") return <Result status="success" title="支付成功" subTitle="充值金额已到账。" extra={backLinks}>{details(order)}</Result>;
  if (order.status === "failed")
    return <Result status="error" title="支付失败" subTitle="本次支付没有成功，充值金额未到账，可返回重新充值。" extra={backLinks}>{details(order)}</Result>;
  return (
    <Result icon={<Spin size="large" />} title="等待支付结果" subTitle={`正在确认支付结果，每${payPollSeconds}秒自动刷新。`} extra={backLinks}>
      {details(order)}
    </Result>
  );
}

/** /payresult?trade_no= (3 §2.6, §7.3): a payment's result, in the room shell's own window. */
export function PayResultPage() {
  const [params] = useSearchParams();
  const tradeNo = params.get("trade_no") ?? "";
  return (
    <Card style={{ maxWidth: 720, margin: "48px auto" }}>
      {tradeNo ? (
        <OrderResult tradeNo={tradeNo} />
      ) : (
        <Result status="404" title="订单不存在" subTitle="地址中缺少订单号。" extra={backLinks} />
      )}
    </Card>
  );
}
