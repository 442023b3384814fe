import { Button, Card, Input, Modal, Space, Typography, message } from "antd";
import { useState } from "react";
import { portalApi } from "../../../../resources/portal/portal";
import { hostBase } from "../../../../providers/hosts";
import { reportError } from "../../../../providers/notify";
import { useCall, useCallMutation } from "../../../lib/use-call";

/** An address the server answers relative to the live-class host, made whole for a calendar app. */
const absolute = (path: string) => new URL(hostBase(portalApi.feed.host) + path, window.location.href).href;

/**
 * 日历订阅 (issue 11 item 5): a secret address a calendar app subscribes to. The server keeps only
 * its hash, so it is shown once, when made; making another stops the old one at once.
 */
export function FeedCard() {
  const status = useCall<{ active: boolean; createTime: string }>(portalApi.feedStatus);
  const { send, busy } = useCallMutation();
  const [address, setAddress] = useState<string | null>(null);
  // The hook's dialogs take the app's theme and locale; the static Modal.confirm would not.
  const [modal, modalHolder] = Modal.useModal();

  const make = async () => {
    try {
      const answer = await send<{ path: string }>(portalApi.feedCreate, {});
      setAddress(absolute(answer.data.path));
      status.retry();
    } catch (error) {
      reportError(error);
    }
  };
  const confirmThen = (content: string, action: () => Promise<void>) => modal.confirm({ title: "提示", content, okText: "确定", cancelText: "取消", onOk: action });
  const stop = async () => {
    try {
      await send(portalApi.feedRevoke, {});
      setAddress(null);
      message.success("订阅已停用");
      status.retry();
    } catch (error) {
      reportError(error);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address ?? "");
      message.success("复制成功");
    } catch {
      message.error("复制失败，请手动复制");
    }
  };

  const active = status.answer?.data.active ?? false;
  return (
    <Card size="small" title="日历订阅" loading={status.loading && !status.answer}>
      {modalHolder}
      {address ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space.Compact style={{ width: "100%" }}>
            <Input readOnly value={address} aria-label="日历订阅地址" onFocus={(e) => e.target.select()} />
            <Button type="primary" onClick={copy}>
              复制
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">在日历应用中添加此地址即可同步你的直播。地址只显示这一次，请勿分享给他人。</Typography.Text>
        </Space>
      ) : active ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {`已于${status.answer?.data.createTime}生成订阅地址。为保护隐私，地址只在生成时显示；如已遗失，请重新生成。`}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          生成一个专属地址，添加到系统日历、Outlook 等日历应用后，你的直播会自动同步。
        </Typography.Paragraph>
      )}
      {status.error && <Typography.Text type="danger">{status.error.message}</Typography.Text>}
      <Space style={{ marginTop: address ? 8 : 0 }}>
        <Button loading={busy} onClick={active ? () => confirmThen("重新生成后，原订阅地址将立即失效，确定吗？", make) : make}>
          {active ? "重新生成" : "生成订阅地址"}
        </Button>
        {active && (
          <Button danger onClick={() => confirmThen("停用后，日历应用将不再同步你的直播，确定吗？", stop)}>
            停用订阅
          </Button>
        )}
      </Space>
    </Card>
  );
}
