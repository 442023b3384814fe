import { Flex, Statistic } from "antd";
import type { ResourceDecl } from "../../resources/kernel/define";

/**
 * The figures a list's answer gives beside its rows (`summary`: a live's students total, online and
 * share viewers, 2 §3), read with the rows and so refreshed with them; a dash until the first answer.
 */
export function ListSummary({ items, answer }: { items: NonNullable<ResourceDecl["summary"]>; answer: Record<string, unknown> | undefined }) {
  return (
    <Flex wrap gap={48} style={{ marginBottom: 16 }} role="group" aria-label="汇总">
      {items.map((item) => {
        const value = answer?.[item.field];
        return <Statistic key={item.field} title={item.label} value={typeof value === "number" || typeof value === "string" ? value : "-"} />;
      })}
    </Flex>
  );
}
