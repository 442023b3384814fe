import { Alert, Descriptions, Modal, Space, Switch, Typography } from "antd";
import { useState } from "react";
import { authApi } from "../../../resources/auth/auth";
import { priceLists, defaultPriceList } from "../../../resources/billing/prices";
import { reminderApi, reminderMessages } from "../../../resources/reminders/smart-reminder";
import { useCall, useCallMutation } from "../../lib/use-call";
import { useServiceStatus } from "./use-service-status";

const yuan = (milli: number) => `¥${(milli / 1000).toFixed(2)}`;
const prices = priceLists[defaultPriceList];

/**
 * The panel `smartService` above /smartTeaService's times (3 §2.7, §4, §9): the service's switch,
 * off at first; turning it on asks first, and 取消 or a refusal (918 and its words, shown) leave it
 * off; once on it stays on and cannot be turned off here. Under it the service's prices: the
 * yearly fee, an SMS by its 70 characters (67 a part beyond), a call by the minute.
 */
export function SmartServicePanel() {
  const status = useServiceStatus();
  const { send, busy } = useCallMutation();
  // The top bar's balance (the same cached call) shows the fee at once, not at its next 40 s refresh.
  const balance = useCall<{ balance: number }>(authApi.balance, undefined, { enabled: false });
  const [modal, holder] = Modal.useModal();
  // On while the confirmation is open; back off when it is cancelled or the enable is refused.
  const [asking, setAsking] = useState(false);
  const enable = () => {
    setAsking(true);
    void modal.confirm({
      title: "开通智能提醒",
      content: reminderMessages.confirmEnable,
      okText: "确定",
      cancelText: "取消",
      onOk: () =>
        send(reminderApi.enable, {}, {
          successNotification: { type: "success", message: reminderMessages.enabled },
          errorNotification: (error?: { message?: string }) => ({ type: "error", message: error?.message ?? reminderMessages.failed }),
        })
          .then(() => {
            status.retry();
            balance.retry();
          })
          .catch(() => undefined)
          .finally(() => setAsking(false)),
      onCancel: () => setAsking(false),
    });
  };
  const until = status.answer?.data.paidUntil;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%", marginBottom: 24 }}>
      {holder}
      <Space size={12} align="center">
        <Typography.Text strong>智能提醒服务</Typography.Text>
        <Switch
          aria-label="开通智能提醒服务"
          checked={status.on || asking}
          loading={busy || (status.loading && !status.answer)}
          disabled={status.on || !status.answer}
          onChange={(checked) => checked && enable()}
        />
        <Typography.Text type="secondary">{status.on ? `已开通，有效期至${until}` : "未开通"}</Typography.Text>
      </Space>
      {status.error && <Alert type="error" showIcon message="服务状态加载失败" />}
      <Descriptions size="small" column={1} bordered title="服务价格">
        <Descriptions.Item label="服务年费">{`${yuan(prices.smart.unitMilli)}/年`}</Descriptions.Item>
        <Descriptions.Item label="短信提醒">{`${yuan(prices.sms.unitMilli)}/条（每条70字，超过70字时按每条67字计费）`}</Descriptions.Item>
        <Descriptions.Item label="语音提醒">{`${yuan(prices.voicesms.unitMilli)}/分钟`}</Descriptions.Item>
      </Descriptions>
      {!status.on && <Typography.Text type="secondary">开通服务后可勾选提醒并选择提醒时间：课前提醒在直播开始前发送，课后提醒在直播结束后发送。</Typography.Text>}
    </Space>
  );
}
