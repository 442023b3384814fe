import type { WidgetProps } from "@rjsf/utils";
import { Button, Select, Space, Spin, Typography } from "antd";
import { useMemo, useState } from "react";
import { liveApi, liveLimits } from "../../../../resources/lives/live-api";
import { useCall } from "../../../lib/use-call";

interface Candidate {
  Id: number;
  Name: string;
  Type: string;
  Size: number;
}

interface Picked {
  Id: number;
  Name: string;
}

function pickedOf(value: unknown): Picked[] {
  try {
    const parsed: unknown = JSON.parse(typeof value === "string" && value ? value : "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is Picked => !!p && typeof p === "object" && Number((p as Picked).Id) > 0).map((p) => ({ Id: Number(p.Id), Name: String(p.Name ?? p.Id) })) : [];
  } catch {
    return [];
  }
}

/**
 * `"ui:widget": "liveCourseware"`: the live's courseware (2 §3 CloudDiskFiles), files of the
 * organisation's cloud disk searched by name; the value is the JSON text `[{Id, Name}]` in the order
 * picked, at most `liveLimits.coursewareMax`. /downloadDoc and the room list what is chosen here.
 */
export function CoursewareWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, placeholder }: WidgetProps) {
  const [key, setKey] = useState("");
  const { answer, error, loading, retry } = useCall<Candidate[]>(liveApi.coursewareCandidates, key ? { key } : {}, { keepPrevious: true });
  const picked = pickedOf(value);
  const choices = useMemo(() => {
    const found = answer?.data ?? [];
    const known = new Set(found.map((c) => c.Id));
    return [...found.map((c) => ({ value: c.Id, label: c.Name, type: c.Type })), ...picked.filter((p) => !known.has(p.Id)).map((p) => ({ value: p.Id, label: p.Name, type: "" }))];
  }, [answer, picked]);
  const change = (ids: number[]) => {
    const nameOf = (fileId: number) => choices.find((c) => c.value === fileId)?.label ?? "";
    onChange(JSON.stringify(ids.slice(0, liveLimits.coursewareMax).map((fileId) => ({ Id: fileId, Name: nameOf(fileId) }))));
  };
  const empty = error ? (
    <Space>
      <Typography.Text type="danger">云盘文件加载失败</Typography.Text>
      <Button size="small" onClick={retry}>
        重试
      </Button>
    </Space>
  ) : loading ? (
    <Spin size="small" />
  ) : (
    "机构云盘中没有找到文件"
  );
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={picked.map((p) => p.Id)}
      options={choices}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? "error" : undefined}
      showSearch
      filterOption={false}
      onSearch={(text) => setKey(text.trim().slice(0, 60))}
      maxCount={liveLimits.coursewareMax}
      allowClear
      notFoundContent={empty}
      optionRender={(option) => (
        <Space size={8}>
          <span>{option.label}</span>
          {(option.data as { type?: string }).type && <Typography.Text type="secondary">{(option.data as { type?: string }).type}</Typography.Text>}
        </Space>
      )}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: "100%" }}
    />
  );
}
