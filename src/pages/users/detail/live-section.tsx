import { Card } from "antd";
import { useCallback } from "react";
import { LiveFilters } from "./live-filters";
import { LiveTable } from "./live-table";
import { useLiveQuery } from "./use-live-query";
import { useLoad } from "./use-load";
import { loadLives, type DetailSubject } from "./user-stats-client";

/** The live-count heading, the filters and the table of a detail page. */
export function LiveSection({ subject }: { subject: DetailSubject }) {
  const [query, update] = useLiveQuery();
  const load = useCallback(() => loadLives(subject, query), [subject, query]);
  const lives = useLoad(load);
  const total = lives.error ? 0 : (lives.data?.total ?? 0);

  return (
    <Card title={`直播数量：${total}`}>
      <LiveFilters query={query} onSearch={(filters) => update({ ...filters, page: 1 })} />
      <LiveTable
        rows={lives.data?.rows ?? []}
        total={total}
        loading={lives.loading}
        failed={!!lives.error}
        query={query}
        onPage={(page, count) => update({ page, count })}
        onRetry={lives.reload}
      />
    </Card>
  );
}
