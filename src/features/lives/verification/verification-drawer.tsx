import { Drawer, Modal, Typography } from "antd";
import { useCallback, useRef, useState } from "react";
import { liveMessages } from "../../../../resources/lives/live-api";
import { VerificationContent } from "./verification-content";

export interface VerificationDrawerProps {
  /** The live whose verification is set; the drawer is open while it is given. */
  live: { id: number; title: string } | null;
  onClose: () => void;
}

/** The live a drawer shows: the last one it was opened on, so the content stays while it slides out. */
function useShownLive(live: VerificationDrawerProps["live"]) {
  const [shown, setShown] = useState(live);
  if (live && live !== shown) setShown(live);
  return live ?? shown;
}

/**
 * 设置验证方式 (2 §2 Dialogs, verification settings screen): an 80%-wide right drawer holding a
 * live's viewer verification. Closing it with changes not yet saved asks 当前信息未保存，是否关闭
 * first; the settings are read afresh on every opening. The list's 验证方式 row action opens it;
 * it loads on its own chunk (the rich-text editor in another, on first use).
 */
export function VerificationDrawer({ live, onClose }: VerificationDrawerProps) {
  const shown = useShownLive(live);
  const dirty = useRef(false);
  const [modal, contextHolder] = Modal.useModal();
  const [asking, setAsking] = useState(false);
  const onDirty = useCallback((changed: boolean) => void (dirty.current = changed), []);

  const close = () => {
    if (!dirty.current) return onClose();
    if (asking) return;
    setAsking(true);
    void modal.confirm({
      title: liveMessages.unsavedClose,
      okText: "关闭",
      cancelText: "取消",
      onOk: () => {
        dirty.current = false;
        onClose();
      },
      afterClose: () => setAsking(false),
    });
  };

  return (
    <Drawer
      title="设置验证方式"
      extra={shown && <Typography.Text type="secondary">{shown.title}</Typography.Text>}
      placement="right"
      width="80%"
      open={live !== null}
      onClose={close}
      maskClosable
      destroyOnHidden
      afterOpenChange={(opened) => void (opened || (dirty.current = false))}
      styles={{ body: { padding: 0 } }}
    >
      {contextHolder}
      {shown && <VerificationContent key={shown.id} live={shown} onDirty={onDirty} />}
    </Drawer>
  );
}
