import { useNotification } from "@refinedev/core";
import { Alert, Button, Checkbox, Flex, Input, Modal, QRCode, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { liveLimits, liveMessages, type LiveRecord } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";
import { useCall } from "../../../lib/use-call";
import { copyText } from "./copy-text";
import { shareLinks, type ShareLinkKind, type ShareMode } from "./share-links";

function ShareLink({ kind, live, byName }: { kind: ShareLinkKind; live: LiveRecord; byName: boolean }) {
  const { open } = useNotification();
  const { answer, error, retry } = useCall<{ guid: string }>(kind.guid, { liveid: live.Id });
  const guid = answer?.data?.guid;
  const label = `${live.Title}的${kind.title}`;
  if (error)
    return (
      <Alert type="error" showIcon message={`${kind.title}获取失败：${errorText(error)}`} action={<Button size="small" onClick={retry}>重试</Button>} />
    );
  if (!guid) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const address = kind.address(guid, live.LiveType, byName);
  const copy = async () => {
    const copied = await copyText(address);
    open?.(copied ? { type: "success", message: liveMessages.copied } : { type: "error", message: "复制失败，请手动复制" });
  };
  return (
    <Flex gap={16} align="center">
      <QRCode value={address} size={liveLimits.qrSize} aria-label={`${label}二维码`} />
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Space.Compact style={{ width: "100%" }}>
          <Input readOnly value={address} aria-label={label} onFocus={(event) => event.target.select()} />
          <Button type="primary" onClick={() => void copy()}>
            复制
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">扫描二维码或复制链接分享给观看者</Typography.Text>
      </Flex>
    </Flex>
  );
}

export interface ShareDialogProps {
  open: boolean;
  /** The live shared. */
  live: LiveRecord;
  mode: ShareMode;
  onClose: () => void;
}

/**
 * A live's share links (2 §2, §7): each made once by the server and then the same, as an address
 * (built by resources/rooms/share-url.ts from /config.json's share base and customer type) to copy
 * (复制成功) and as a 150×150 QR code. The live link may ask the viewer's name first (name_ pages).
 */
export function ShareDialog({ open, live, mode, onClose }: ShareDialogProps) {
  const [byName, setByName] = useState(false);
  const { title, links } = shareLinks[mode];
  return (
    <Modal title={`${title} - ${live.Title}`} open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {open && (
        <Flex vertical gap={20} style={{ paddingTop: 8 }}>
          {links.map((kind) => (
            <section key={kind.key} aria-label={kind.title}>
              <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                <Typography.Text strong>{kind.title}</Typography.Text>
                {kind.key === "live" && (
                  <Checkbox checked={byName} onChange={(event) => setByName(event.target.checked)}>
                    观看前填写昵称
                  </Checkbox>
                )}
              </Flex>
              <ShareLink kind={kind} live={live} byName={byName} />
            </section>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
