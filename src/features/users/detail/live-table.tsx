import { Button, Empty, Result, Table, Tag, type TableColumnsType } from "antd";
import { pageSizes, type PageSize } from "../../../../resources/kernel/paging";
import type { LiveQuery } from "./live-query";
import { attendedText, listenedText, liveStatusText, liveTimeText, scaleText } from "./live-text";
import type { LiveRow } from "./user-stats-client";

const statusColors: Record<number, string> = { 0: "blue", 1: "green", 2: "default" };

const columns: TableColumnsType<LiveRow> = [
  // Titles wrap rather than clip: two lives of a course differ only at their ends (第11讲).
  { title: "直播名称", dataIndex: "title" },
  { title: "课程名称", dataIndex: "coursetitle" },
  {
    title: "直播时间",
    key: "time",
    width: 260,
    onCell: () => ({ style: { whiteSpace: "nowrap" } }),
    render: (_, row) => liveTimeText(row.begintime, row.endtime),
  },
  { title: "直播状态", dataIndex: "status", width: 96, render: (status: number) => <Tag color={statusColors[status]}>{liveStatusText(status)}</Tag> },
  { title: "听课类型", key: "playtype", width: 96, render: (_, row) => listenedText(row) },
  { title: "班型", dataIndex: "scale", width: 100, render: scaleText },
  { title: "实际上课时长", key: "online", width: 130, onCell: () => ({ style: { whiteSpace: "nowrap" } }), render: (_, row) => attendedText(row) },
];

interface LiveTableProps {
  rows: LiveRow[];
  total: number;
  loading: boolean;
  failed: boolean;
  query: Pick<LiveQuery, "page" | "count">;
  onPage: (page: number, count: PageSize) => void;
  onRetry: () => void;
}

/** The person's lives, one row each with the way it took part, paged on the server. */
export function LiveTable({ rows, total, loading, failed, query, onPage, onRetry }: LiveTableProps) {
  const emptyText = failed ? (
    <Result status="warning" title="直播记录加载失败" extra={<Button onClick={onRetry}>重试</Button>} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无直播记录" />
  );
  return (
    <Table<LiveRow>
      rowKey="liveid"
      columns={columns}
      dataSource={failed ? [] : rows}
      loading={loading}
      locale={{ emptyText }}
      scroll={{ x: 1000 }}
      pagination={{
        current: query.page,
        pageSize: query.count,
        total: failed ? 0 : total,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (count) => `共 ${count} 条`,
      }}
      onChange={(pagination) => {
        const count = (pagination.pageSize ?? query.count) as PageSize;
        onPage(count !== query.count ? 1 : (pagination.current ?? 1), count);
      }}
    />
  );
}
