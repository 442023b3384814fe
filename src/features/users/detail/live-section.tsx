import { Card } from "antd";
import { LiveFilters } from "./live-filters";
import { LiveTable } from "./live-table";
import { useLiveQuery } from "./use-live-query";
import { useLives } from "./use-detail";
import type { DetailSubject } from "./user-stats-client";

/** The live-count heading, the filters and the table of a detail page. */
export function LiveSection({ subject }: { subject: DetailSubject }) {
  const [query, update] = useLiveQuery();
  const lives = useLives(subject, query);
  const total = lives.failed ? 0 : (lives.page?.total ?? 0);

  return (
    <Card title={`直播数量：${total}`}>
      <LiveFilters query={query} onSearch={(filters) => update({ ...filters, page: 1 })} />
      <LiveTable
        rows={lives.page?.rows ?? []}
        total={total}
        loading={lives.loading}
        failed={lives.failed}
        query={query}
        onPage={(page, count) => update({ page, count })}
        onRetry={lives.retry}
      />
    </Card>
  );
}
