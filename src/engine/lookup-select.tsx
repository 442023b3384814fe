import { Select } from "antd";
import { useMemo } from "react";
import type { FilterDecl } from "../../resources/define";
import { errorText } from "../../providers/http";
import { useCall } from "../lib/use-call";

type LookupFilter = Extract<FilterDecl, { kind: "lookup" }>;

export interface LookupSelectProps {
  filter: LookupFilter;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/**
 * A filter choosing one of the records another call lists (2 §2: the main teacher of the teacher
 * list), asked once for up to `count` of them through Refine's cache; typing narrows the names.
 * If they cannot be had the list still works without it, and the select says why.
 */
export function LookupSelect({ filter, value, onChange }: LookupSelectProps) {
  const { endpoint, value: valueField, label: labelField, count } = filter.source;
  const { answer, error, loading } = useCall<Record<string, unknown>[]>(endpoint, { page: 1, count });
  const options = useMemo(
    () => (Array.isArray(answer?.data) ? answer.data : []).map((row) => ({ value: String(row[valueField]), label: String(row[labelField] ?? "") })),
    [answer, valueField, labelField],
  );
  return (
    <Select
      aria-label={filter.label}
      placeholder="全部"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      value={value}
      onChange={(picked: string | undefined) => onChange?.(picked)}
      options={options}
      notFoundContent={error ? `加载失败：${errorText(error)}` : "暂无数据"}
      style={{ width: 160 }}
    />
  );
}
