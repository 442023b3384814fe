import { Button, Input, Modal, Radio, Space, Typography } from "antd";
import { useState } from "react";
import { moderationLimits, moderationMessages } from "../../../resources/moderation/moderation-api";

export interface ReplyTarget {
  /** The message answered (its sender may be answered alone), or none: a message to everyone. */
  name?: string;
  userid?: string;
  userdbid?: number;
  /** 审核并发送: the message is passed first (an unreviewed one). */
  canPass?: boolean;
}

export interface ReplyDialogProps {
  target: ReplyTarget | null;
  busy: boolean;
  onCancel: () => void;
  /** `toOne`: to the message's sender alone; `pass`: pass the message, then reply. */
  onSend: (txt: string, toOne: boolean, pass: boolean) => void;
}

/**
 * The reply dialog (2 §5, §7): at most 200 characters, Enter does not send (nor break the line:
 * the spec blocks it, so a moderator's reply is one line as the room's chat is), 发送消息不能为空.
 */
export function ReplyDialog({ target, busy, onCancel, onSend }: ReplyDialogProps) {
  const [txt, setTxt] = useState("");
  const [toOne, setToOne] = useState(false);
  const [refusal, setRefusal] = useState("");
  const send = (pass: boolean) => {
    const text = txt.trim();
    if (!text) return setRefusal(moderationMessages.replyEmpty);
    if ([...text].length > moderationLimits.replyMax) return setRefusal(moderationMessages.replyTooLong);
    onSend(text, toOne, pass);
  };
  return (
    <Modal
      title={target?.name ? `回复 ${target.name}` : "回复"}
      open={!!target}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) return;
        setTxt("");
        setRefusal("");
        setToOne(false);
      }}
      footer={
        <Space>
          <Button onClick={onCancel}>取消</Button>
          {target?.canPass && (
            <Button loading={busy} onClick={() => send(true)}>
              审核并发送
            </Button>
          )}
          <Button type="primary" loading={busy} onClick={() => send(false)}>
            发送
          </Button>
        </Space>
      }
    >
      {target?.userid && (
        <Radio.Group value={toOne} onChange={(e) => setToOne(e.target.value as boolean)} style={{ marginBottom: 12 }}>
          <Radio value={false}>所有人可见</Radio>
          <Radio value={true}>仅{target.name}可见</Radio>
        </Radio.Group>
      )}
      <Input.TextArea
        aria-label="回复内容"
        autoFocus
        value={txt}
        maxLength={moderationLimits.replyMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(e) => {
          setTxt(e.target.value);
          setRefusal("");
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
      />
      <Typography.Text type="danger" role="alert">
        {refusal}
      </Typography.Text>
    </Modal>
  );
}
