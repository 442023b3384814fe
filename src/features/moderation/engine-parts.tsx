import type { BaseRecord } from "@refinedev/core";
import { Button, Space, Typography } from "antd";
import { useState } from "react";
import type { CallRowPartProps, EngineRegistry, ListPartProps } from "../../engine/registry";
import { ReplyDialog, type ReplyTarget } from "./reply-dialog";
import { useModeration } from "./use-moderation";
import { useReviewKeys } from "./use-review-keys";

type Target = ReplyTarget & { id?: number };

/** The message a row is, as a reply's target: its sender may be answered alone; an unreviewed one can be passed first. */
const targetOf = (row: BaseRecord, type: number): Target => ({ id: Number(row.id), name: String(row.name ?? ""), userid: String(row.userid ?? ""), userdbid: Number(row.userdbid ?? 0), canPass: type === 0 });

function useReply(liveid: number, reload: () => void) {
  const moderation = useModeration(liveid, reload);
  const [target, setTarget] = useState<Target | null>(null);
  const dialog = (
    <ReplyDialog
      target={target}
      busy={moderation.busy}
      onCancel={() => setTarget(null)}
      onSend={(txt, toOne, pass) => void moderation.reply(target!, txt, toOne, pass).then((sent) => sent && setTarget(null))}
    />
  );
  return { moderation, open: setTarget, dialog };
}

/**
 * Above each tab's rows (2 §2, §4): on 未审核 通过 and 禁止 of the chosen rows, 回复, the keyboard
 * flow and the unreviewed count in the browser tab's title; on 已通过 撤回 and 回复; on 已禁止 回复.
 */
function ChatReview({ params, reload, rows = [], total = 0, selection, updatedAt }: ListPartProps & { updatedAt?: number }) {
  const type = Number(params?.type ?? 0);
  const liveid = Number(params?.liveid);
  const { moderation, open, dialog } = useReply(liveid, reload);
  const keys = selection?.keys ?? [];
  const chosen = rows.find((r) => String(r.id) === keys[0]);
  useReviewKeys({
    on: type === 0,
    rows,
    keys,
    choose: (k) => selection?.set(k),
    pass: () => void moderation.act("pass", keys),
    ban: () => void moderation.act("ban", keys),
    reply: () => chosen && open(targetOf(chosen, type)),
    count: total,
    updatedAt: updatedAt ?? 0,
  });
  return (
    <Space wrap>
      {type === 0 && (
        <>
          <Button type="primary" disabled={moderation.busy} onClick={() => void moderation.act("pass", keys)}>
            通过
          </Button>
          <Button danger disabled={moderation.busy} onClick={() => void moderation.act("ban", keys)}>
            禁止
          </Button>
        </>
      )}
      {type === 1 && (
        <Button danger disabled={moderation.busy} onClick={() => void moderation.act("revoke", keys)}>
          撤回
        </Button>
      )}
      <Button onClick={() => open({})}>回复所有人</Button>
      {type === 0 && <Typography.Text type="secondary">快捷键：j / k 上下移动，p 通过，b 禁止，r 回复</Typography.Text>}
      {dialog}
    </Space>
  );
}

/** A row's own actions, by its tab (2 §4): 通过, 禁止, 回复 unreviewed; 撤回 approved; 回复 rejected. */
function ChatActions({ row, params, reload }: CallRowPartProps) {
  const type = Number(params.type);
  const { moderation, open, dialog } = useReply(Number(params.liveid), reload);
  const id = [Number(row.id)];
  return (
    <Space size={0}>
      {type === 0 && (
        <>
          <Button type="link" size="small" disabled={moderation.busy} onClick={() => void moderation.act("pass", id)}>
            通过
          </Button>
          <Button type="link" size="small" danger disabled={moderation.busy} onClick={() => void moderation.act("ban", id)}>
            禁止
          </Button>
        </>
      )}
      {type === 1 ? (
        <Button type="link" size="small" danger disabled={moderation.busy} onClick={() => void moderation.act("revoke", id)}>
          撤回
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => open(targetOf(row, type))}>
          回复
        </Button>
      )}
      {dialog}
    </Space>
  );
}

/** What /chatManager lends the engine by name (resources/moderation/screens.ts). */
export const moderationEngineParts: Partial<EngineRegistry> = {
  listParts: { chatReview: ChatReview },
  callRowActions: { chatActions: ChatActions },
};
