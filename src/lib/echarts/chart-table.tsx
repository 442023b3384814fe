import { useState, type CSSProperties } from "react";
import { palette } from "../theme";
import type { ChartOption } from "./option";

export interface ChartFigures {
  columns: string[];
  rows: (string | number | null)[][];
}

const figure = (item: unknown): number | null => {
  if (typeof item === "number") return item;
  if (item && typeof item === "object" && "value" in item) return figure(item.value);
  return null;
};

/**
 * The figures a chart draws: its categories down the side and a column per series, with the value
 * axis's unit in each heading. Series of one name are one column (a line's dashed last stretch
 * repeats the point before it).
 */
export function chartFigures(option: ChartOption): ChartFigures {
  const pie = [option.series ?? []].flat().find((series) => series.type === "pie");
  // A pie has no axis: its slices are the rows, each its name and value.
  if (pie) {
    const slices = (pie.data ?? []) as { name?: string; value?: unknown }[];
    return { columns: ["类别", String(pie.name ?? "")], rows: slices.map((slice) => [String(slice.name ?? ""), figure(slice)]) };
  }
  const categories = (([option.xAxis].flat()[0] as { data?: unknown[] } | undefined)?.data ?? []).map(String);
  const unit = ([option.yAxis].flat()[0] as { name?: string } | undefined)?.name;
  const byName = new Map<string, (number | null)[]>();
  for (const series of [option.series ?? []].flat()) {
    const name = String(series.name ?? "");
    const values = byName.get(name) ?? categories.map(() => null);
    ((series.data ?? []) as unknown[]).forEach((item, index) => {
      values[index] ??= figure(item);
    });
    byName.set(name, values);
  }
  const names = [...byName.keys()];
  return {
    columns: ["时间", ...names.map((name) => (unit ? `${name}（${unit}）` : name))],
    rows: categories.map((category, index) => [category, ...names.map((name) => byName.get(name)![index])]),
  };
}

const cell: CSSProperties = { padding: "2px 12px 2px 0", textAlign: "left", fontWeight: 400, whiteSpace: "nowrap" };

/**
 * What a chart shows, for a reader who cannot see it: a table under it, opened on demand (a stat
 * page has up to a thousand points, drawn only when asked for).
 */
export function ChartTable({ option, label }: { option: ChartOption; label: string }) {
  const [open, setOpen] = useState(false);
  const figures = open ? chartFigures(option) : null;
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} style={{ marginTop: 4, fontSize: 12, color: palette.mutedText }}>
      <summary aria-label={`${label}的数据表`} style={{ cursor: "pointer", width: "fit-content" }}>
        数据表
      </summary>
      {figures && (
        <div role="region" aria-label={`${label}的数据表`} tabIndex={0} style={{ maxHeight: 240, overflow: "auto" }}>
          <table style={{ borderCollapse: "collapse" }}>
            <caption style={{ textAlign: "left" }}>{label}</caption>
            <thead>
              <tr>
                {figures.columns.map((column) => (
                  <th key={column} scope="col" style={cell}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.rows.map(([category, ...values]) => (
                <tr key={String(category)}>
                  <th scope="row" style={cell}>
                    {category}
                  </th>
                  {values.map((value, index) => (
                    <td key={index} style={cell}>
                      {value ?? "—"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
