import { Button, Descriptions, Flex, Modal, QRCode, Result, Spin, Typography } from "antd";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { authApi } from "../../../resources/auth/auth";
import { payPollSeconds, rechargeApi, type BankOrder, type PayResult } from "../../../resources/billing/recharge";
import rechargeRecord from "../../../resources/billing/recharge-record";
import type { SavedPartProps } from "../../engine/registry";
import { sessionStore } from "../../../providers/session-store";
import { useCall } from "../../lib/use-call";

const qrSize = 150;

interface Ordered {
  data?: { url?: string; trade_no?: string; wechatpay_url?: string; ordreno?: string; fee?: number; account?: BankOrder["account"] };
}

/** 微信支付: the order's QR (150×150, 3 §7.3), its result asked every 3 s until it is no longer pending. */
function WechatPay({ address, tradeNo, fee, onClose }: { address: string; tradeNo: string; fee: number; onClose: () => void }) {
  const navigate = useNavigate();
  const result = useCall<PayResult>(rechargeApi.resultQuery, { trade_no: tradeNo }, {
    refreshMs: payPollSeconds * 1000,
    refreshWhile: (answer, error) => error?.statusCode !== 404 && (!answer || answer.data.status === "pending"),
  });
  const status = result.answer?.data.status;
  // The top bar's balance (1 §2.2) shows the credit at once, not at its next 40 s refresh.
  const credited = useCall<{ balance: number }>(authApi.balance, undefined, { enabled: status === "paid" }).answer?.data.balance;
  useEffect(() => {
    if (credited !== undefined) sessionStore.set({ curBalance: Number(credited) });
  }, [credited]);
  return (
    <Modal open title="微信支付" onCancel={onClose} footer={null} width={360} destroyOnClose>
      {status === "paid" ? (
        <Result
          status="success"
          title="支付成功"
          subTitle={`已充值 ${fee.toFixed(2)} 元`}
          extra={
            <Button type="primary" onClick={() => navigate(rechargeRecord.route)}>
              查看充值记录
            </Button>
          }
        />
      ) : status === "failed" ? (
        <Result status="warning" title="支付已取消" extra={<Button onClick={onClose}>关闭</Button>} />
      ) : (
        <Flex vertical align="center" gap={12}>
          <Typography.Text>
            请使用微信扫码支付 <Typography.Text strong>{fee.toFixed(2)} 元</Typography.Text>
          </Typography.Text>
          <QRCode value={address} size={qrSize} aria-label="微信支付二维码" />
          <Typography.Text type="secondary">
            <Spin size="small" /> 正在等待支付结果…
          </Typography.Text>
          <Typography.Link href={address} target="_blank" rel="noopener">
            在本机打开支付页
          </Typography.Link>
        </Flex>
      )}
    </Modal>
  );
}

/** 支付宝: the browser goes to the payment page, which brings the payer back to /payresult. */
function AlipayRedirect({ url }: { url: string }) {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <Typography.Paragraph style={{ marginTop: 16 }}>
      <Spin size="small" /> 正在前往支付宝… 没有跳转时请<Typography.Link href={url}>点击这里</Typography.Link>。
    </Typography.Paragraph>
  );
}

/** 银行转账: the operator's account, the amount and the order number to write as the transfer's note. */
function BankTransfer({ order, onClose }: { order: BankOrder; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open
      title="银行转账"
      onCancel={onClose}
      width={480}
      destroyOnClose
      footer={[
        <Button key="records" onClick={() => navigate(rechargeRecord.route)}>
          查看充值记录
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          我知道了
        </Button>,
      ]}
    >
      <Typography.Paragraph>请向以下账户转账，并在转账备注中填写订单号。款项到账后由平台入账，入账后可在充值记录中查看。</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="户名">{order.account.name}</Descriptions.Item>
        <Descriptions.Item label="开户行">{order.account.bank}</Descriptions.Item>
        <Descriptions.Item label="账号">
          <Typography.Text copyable>{order.account.number}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="转账金额">{order.fee.toFixed(2)} 元</Descriptions.Item>
        <Descriptions.Item label="转账备注（订单号）">
          <Typography.Text copyable strong>
            {order.trade_no}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/** `after: { part: "rechargePay" }` of the recharge form (resources/billing/forms.ts): the order just made, to pay. */
export function RechargePay({ answer, values, onClose }: SavedPartProps) {
  const data = (answer as Ordered | undefined)?.data;
  if (data?.wechatpay_url && data.ordreno) return <WechatPay address={new URL(data.wechatpay_url, window.location.href).href} tradeNo={data.ordreno} fee={Number(data.fee ?? values.fee)} onClose={onClose} />;
  if (data?.url) return <AlipayRedirect url={data.url} />;
  if (data?.account && data.trade_no) return <BankTransfer order={{ trade_no: data.trade_no, fee: Number(data.fee ?? values.fee), account: data.account }} onClose={onClose} />;
  return null;
}
