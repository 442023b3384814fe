import { Alert, Card, Empty, Skeleton } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { DashboardModule } from "../../../../resources/stats/stats";
import { palette } from "../../../lib/theme";
import type { Load } from "../load-state";

interface ModuleCardProps<T> {
  module: DashboardModule;
  load: Load<T>;
  /** When the answer has nothing to show. */
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** Shown after the title, e.g. the period the figures cover. */
  note?: string;
  children: (data: T) => ReactNode;
}

/** One dashboard module: its title and 'more' link, and a skeleton, an error, an empty state or its content. */
export function ModuleCard<T>({ module, load, isEmpty, emptyText, note, children }: ModuleCardProps<T>) {
  const title = note ? (
    <span>
      {module.title}
      <span style={{ marginLeft: 8, fontSize: 12, fontWeight: 400, color: palette.mutedText }}>{note}</span>
    </span>
  ) : (
    module.title
  );
  return (
    <Card
      title={title}
      extra={module.more ? <Link to={module.more}>更多</Link> : null}
      style={{ height: "100%" }}
      styles={{ body: { minHeight: 200 } }}
      data-module={module.id}
    >
      {load.status === "loading" ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : load.status === "error" ? (
        <Alert type="error" showIcon message="加载失败" description={load.error} />
      ) : load.data === null || load.data === undefined || isEmpty(load.data) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        children(load.data)
      )}
    </Card>
  );
}
