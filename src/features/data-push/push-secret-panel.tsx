import { Alert, Button, Modal, Space, Typography } from "antd";
import { pushApi, pushHeaders, pushMessages } from "../../../resources/data-push/push-api";
import { errorText } from "../../../providers/http";
import { useCall, useCallMutation } from "../../lib/use-call";

/**
 * Above /pushDataOp's form: the organisation's signing secret with a copy button, how a receiver
 * checks a delivery with it, and 重置密钥 (after a confirmation).
 */
export function PushSecretPanel() {
  const secret = useCall<{ secret: string }>(pushApi.secret);
  const { send, busy } = useCallMutation();
  const [modal, holder] = Modal.useModal();
  const reset = () =>
    void modal.confirm({
      title: "提示",
      content: "重置后旧密钥立即失效，接收方需改用新密钥校验签名。确定重置吗？",
      okText: "确定",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: async () => {
        await send(pushApi.secretReset, {}, {
          successNotification: () => ({ type: "success", message: pushMessages.secretReset }),
          errorNotification: (error) => ({ type: "error", message: errorText(error) }),
        }).then(secret.retry, () => undefined);
      },
    });
  const value = secret.answer?.data?.secret;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="info"
      message={
        <Space wrap>
          <span>推送密钥：</span>
          {value ? (
            <Typography.Text code copyable={{ text: value, tooltips: ["复制", "已复制"] }} aria-label="推送密钥">
              {value}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{secret.error ? "推送密钥加载失败" : "加载中…"}</Typography.Text>
          )}
          <Button size="small" danger loading={busy} disabled={!value} onClick={reset}>
            重置密钥
          </Button>
          {holder}
        </Space>
      }
      description={`签名为 HMAC-SHA256（十六进制），以此密钥对「${pushHeaders.timestamp} 的值 + "." + 请求体原文」计算，放在请求头 ${pushHeaders.signature} 中；请校验签名并拒绝时间戳过旧的请求。`}
    />
  );
}
