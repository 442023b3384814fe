import { Avatar, Button, Card, Col, Empty, List, Result, Row, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { portalApi, type GroupMessagesAnswer, type MessageGroup } from "../../../../resources/portal/portal";
import { palette } from "../../../lib/theme";
import { useCall } from "../../../lib/use-call";
import { MessagePagePart } from "./message-page-part";

/** A group's messages, page after page as 加载更多 asks for them. */
function GroupMessages({ group }: { group: MessageGroup }) {
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  return (
    <Card title={group.name}>
      {cursors.map((ts, i) => (
        <MessagePagePart key={ts ?? "newest"} groupId={group.id} ts={ts} last={i === cursors.length - 1} onMore={(next) => setCursors([...cursors, next])} />
      ))}
    </Card>
  );
}

/** 消息 (1 §2.2, 2 §2 "Portal"): the organisation's message groups with their last message; one opened, its messages. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const groups = useCall<GroupMessagesAnswer>(portalApi.groupMessages);
  const list = groups.answer?.data.groups ?? [];
  const chosen = list.find((g) => String(g.id) === params.get("group"));

  if (groups.error && !groups.loading)
    return <Result status="warning" title="消息加载失败" subTitle={groups.error.message} extra={<Button onClick={groups.retry}>重试</Button>} />;
  return (
    <Row gutter={[16, 16]}>
      <Col flex="320px">
        <Card title="消息分组" styles={{ body: { padding: 0 } }}>
          <List
            loading={!groups.answer}
            dataSource={list}
            locale={{ emptyText: <Empty description="暂无消息" /> }}
            renderItem={(group) => (
              <List.Item
                key={group.id}
                style={{ padding: "12px 16px", cursor: "pointer", background: chosen?.id === group.id ? "#e6f0ff" : undefined }}
                onClick={() => setParams({ group: String(group.id) })}
              >
                <List.Item.Meta
                  avatar={<Avatar style={{ background: palette.primary }}>{group.name.slice(0, 1)}</Avatar>}
                  title={
                    <a href={`?group=${group.id}`} onClick={(e) => e.preventDefault()} aria-current={chosen?.id === group.id ? "true" : undefined}>
                      {group.name}
                    </a>
                  }
                  description={<Typography.Text type="secondary" ellipsis>{group.lastMsg || "暂无消息"}</Typography.Text>}
                />
                {group.lastTime && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{group.lastTime.slice(5, 16)}</Typography.Text>}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="1 1 480px">
        {chosen ? <GroupMessages key={chosen.id} group={chosen} /> : <Card><Empty description="选择左侧的分组查看消息" /></Card>}
      </Col>
    </Row>
  );
}
