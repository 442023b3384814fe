import { UserOutlined } from "../../../components/icons";
import { Avatar, Button, Card, Col, Divider, Flex, Progress, Row, Statistic, Typography } from "antd";
import type { ReactNode } from "react";
import { checkStateLabels, checkStates } from "../../../../resources/users/user-stats";
import type { DetailStats, Loaded, PersonInfo, Progress as Done } from "./user-stats-client";

export interface SummaryLabels {
  courses: string;
  lives: string;
}

function ProgressStat({ title, value }: { title: string; value: Done }) {
  const percent = value.total > 0 ? Math.round((value.done / value.total) * 100) : 0;
  return (
    <Flex vertical align="center" gap={8}>
      {/* The name sits on the progressbar itself, where assistive technology looks for it. */}
      <Progress
        type="circle"
        size={96}
        percent={percent}
        format={() => `${value.done}/${value.total}`}
        aria-label={`${title} ${value.done}/${value.total}`}
      />
      <Typography.Text type="secondary">{title}（已完成/全部）</Typography.Text>
    </Flex>
  );
}

interface PersonSummaryProps {
  person: Loaded<PersonInfo> | undefined;
  stats: Loaded<DetailStats> | undefined;
  labels: SummaryLabels;
  loading: boolean;
  onRetry: () => void;
  extra?: ReactNode;
}

/** The detail page's head: who it is, and the course, live and attendance numbers. */
export function PersonSummary({ person, stats, labels, loading, onRetry, extra }: PersonSummaryProps) {
  const info = person?.value;
  const numbers = stats?.value;
  const failed = !loading && (person?.failed || stats?.failed);
  return (
    <Card loading={loading && !numbers} extra={extra} title="基本信息">
      <Flex align="center" gap={16}>
        <Avatar size={64} src={info?.headimg || undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {info?.nickname}
          </Typography.Title>
          <Typography.Text type="secondary">手机号：{info?.mobile || "-"}</Typography.Text>
        </div>
      </Flex>
      {failed && (
        <Typography.Text type="warning" style={{ display: "block", marginTop: 12 }}>
          部分信息加载失败，当前显示为默认值。
          <Button type="link" size="small" onClick={onRetry}>
            重新加载
          </Button>
        </Typography.Text>
      )}
      <Divider />
      {numbers && (
        <Row gutter={[24, 24]} align="middle">
          <Col xs={12} md={6} xl={4}>
            <ProgressStat title={labels.courses} value={numbers.courses} />
          </Col>
          <Col xs={12} md={6} xl={4}>
            <ProgressStat title={labels.lives} value={numbers.lives} />
          </Col>
          {checkStates.map((state) => (
            <Col key={state} xs={12} md={6} xl={4}>
              <Statistic title={checkStateLabels[state]} value={numbers.checks[state]} suffix="次" />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
