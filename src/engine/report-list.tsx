import { Card } from "antd";
import { useMemo, useState } from "react";
import type { ReportDecl } from "../../resources/kernel/detail";
import { reportResource, type DetailDecl } from "../../resources/kernel/detail";
import { callValues } from "./list-filter-values";
import "./list-styles";
import { ReportExport } from "./report-export";
import { ResourceTable } from "./resource-table";
import { useListPlace } from "./use-list-place";

export interface ReportListProps {
  detail: Pick<DetailDecl, "route" | "menu">;
  report: ReportDecl;
  /** What every request carries (the person: `userid`, `mobile`). */
  fixed: Record<string, string | number>;
  /** Whose rows, for the export's file name. */
  whose: string;
}

/**
 * A read-only report (1 §2.4: a person's lives): its heading with the count and 导出, then the
 * engine's table with the declared filters, paged and filtered in the address; the filtered call
 * when a filter is set.
 */
export function ReportList({ detail, report, fixed, whose }: ReportListProps) {
  const decl = useMemo(() => reportResource(detail, report), [detail, report]);
  // The table keeps the place in the address; the export reads the same place from there.
  const { place } = useListPlace(decl.filters, decl.pageSizes);
  const [total, setTotal] = useState(0);
  const chosen = (filtered: boolean) => ({ list: (filtered && report.calls.search) || report.calls.list });
  const filtered = Object.keys(place.filters).length > 0;

  return (
    <Card
      title={`${report.heading}：${total}`}
      extra={<ReportExport report={report} api={chosen(filtered)} params={{ ...callValues(decl.filters, place.filters), ...fixed }} whose={whose} total={total} />}
    >
      <ResourceTable decl={decl} listCall={(isFiltered) => ({ api: chosen(isFiltered), params: fixed })} onTotal={setTotal} />
    </Card>
  );
}
