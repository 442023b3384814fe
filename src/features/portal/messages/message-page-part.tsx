import { Button, List, Result, Spin } from "antd";
import { portalApi, type GroupMessagesAnswer } from "../../../../resources/portal/portal";
import { useCall } from "../../../lib/use-call";

interface MessagePartProps {
  groupId: number;
  /** The cursor of this part; undefined for the newest messages. */
  ts: number | undefined;
  /** This is the last part shown: it offers the next, older one. */
  last: boolean;
  onMore: (ts: number) => void;
}

/** One page of a group's messages, newest first; the last page shown offers 加载更多. */
export function MessagePagePart({ groupId, ts, last, onMore }: MessagePartProps) {
  const page = useCall<GroupMessagesAnswer>(portalApi.groupMessages, ts === undefined ? { groupid: groupId } : { groupid: groupId, ts });
  if (page.error && !page.loading)
    return <Result status="warning" title="消息加载失败" subTitle={page.error.message} extra={<Button onClick={page.retry}>重试</Button>} />;
  if (!page.answer) return <Spin style={{ display: "block", margin: "24px auto" }} />;
  const { messages, next } = page.answer.data;
  return (
    <>
      <List
        dataSource={messages}
        locale={{ emptyText: ts === undefined ? "暂无消息" : " " }}
        renderItem={(m) => (
          <List.Item key={m.Id}>
            <List.Item.Meta title={<span style={{ fontWeight: 400, whiteSpace: "pre-wrap" }}>{m.Msg}</span>} description={m.CreateTime} />
          </List.Item>
        )}
      />
      {last && next !== null && (
        <div style={{ textAlign: "center", marginTop: 12 }}>
          <Button onClick={() => onMore(next)}>加载更多</Button>
        </div>
      )}
    </>
  );
}
