import { Select } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import type { FilterDecl } from "../../resources/kernel/define";
import { errorText } from "../../providers/http";
import { useCall } from "../lib/use-call";

type LookupFilter = Extract<FilterDecl, { kind: "lookup" }>;

export interface LookupSelectProps {
  filter: LookupFilter;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/** Typing waits this long for a pause before asking the server. */
const typingPauseMs = 300;

/**
 * A filter choosing one of the records another call lists (2 §2: the main teacher of the teacher
 * list), through Refine's cache: a page of them at first, and with a search call those a typed key
 * finds. A chosen record's name is remembered, so it stays shown after the list moves on. If they
 * cannot be had the list still works without it, and the select says why.
 */
export function LookupSelect({ filter, value, onChange }: LookupSelectProps) {
  const { endpoint, search, value: valueField, label: labelField, count } = filter.source;
  const [typed, setTyped] = useState("");
  const [key, setKey] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setKey(typed.trim()), typingPauseMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const asking = search && key ? search : endpoint;
  const { answer, error, loading } = useCall<Record<string, unknown>[]>(asking, { page: 1, count, ...(search && key ? { key } : {}) }, { keepPrevious: true });
  const names = useRef(new Map<string, string>());
  const options = useMemo(() => {
    const rows = Array.isArray(answer?.data) ? answer.data : [];
    for (const row of rows) names.current.set(String(row[valueField]), String(row[labelField] ?? ""));
    return rows.map((row) => ({ value: String(row[valueField]), label: String(row[labelField] ?? "") }));
  }, [answer, valueField, labelField]);
  const shown = value !== undefined && !options.some((option) => option.value === value) && names.current.has(value) ? [{ value, label: names.current.get(value)! }, ...options] : options;
  return (
    <Select
      aria-label={filter.label}
      placeholder="全部"
      allowClear
      showSearch
      // With a search call the server narrows the list; without one the names on hand are filtered here.
      filterOption={search ? false : (input, option) => String(option?.label ?? "").includes(input.trim())}
      onSearch={setTyped}
      loading={loading}
      value={value}
      onChange={(picked: string | undefined) => {
        setTyped("");
        onChange?.(picked);
      }}
      options={shown}
      notFoundContent={error ? `加载失败：${errorText(error)}` : "暂无数据"}
      style={{ width: 160 }}
    />
  );
}
