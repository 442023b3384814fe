import type { WidgetProps } from "@rjsf/utils";
import { Button, Select, Space, Spin, Typography } from "antd";
import { useMemo } from "react";
import { assistant, teacher } from "../../../../resources";
import { liveLimits } from "../../../../resources/lives/live-api";
import type { PersonRow } from "../../../../resources/users/person";
import { useCall } from "../../../lib/use-call";
import { pickedStaff } from "./staff-text";

type Role = "teacher" | "assistant";
const families = { teacher, assistant } as const;

/**
 * `"ui:widget": "liveStaff"` with `ui:options.role` teacher or assistant: a multi-picker over the
 * school's people of that role, all loaded at once (1000, 2 §9), searched by name, each shown
 * with its nick and mobile. The value is the JSON text the live and template calls take, in the
 * order picked (the first teacher is the main one). People already named who are not in the list
 * (deleted since) stay shown by their stored name until removed.
 */
export function StaffPickerWidget({ id, value, onChange, onBlur, onFocus, options, disabled, readonly, rawErrors }: WidgetProps) {
  const role = (options.role === "assistant" ? "assistant" : "teacher") as Role;
  const decl = families[role];
  const { answer, error, loading, retry } = useCall<PersonRow[]>(decl.api.list, { page: 1, count: liveLimits.pickerLoad });
  const people = useMemo(() => answer?.data ?? [], [answer]);
  const picked = pickedStaff(value);
  const choices = useMemo(() => {
    const known = new Set(people.map((p) => p.Id));
    return [
      ...people.map((p) => ({ value: p.Id, label: p.Name, person: p })),
      ...picked.filter((p) => !known.has(p.account)).map((p) => ({ value: p.account, label: p.name, person: undefined })),
    ];
  }, [people, picked]);

  const change = (ids: number[]) => {
    const nameOf = (account: number) => choices.find((c) => c.value === account)?.label ?? "";
    onChange(JSON.stringify(ids.map((account) => ({ account, name: nameOf(account) }))));
  };
  const empty = error ? (
    <Space>
      <Typography.Text type="danger">{`${decl.noun}列表加载失败`}</Typography.Text>
      <Button size="small" onClick={retry}>
        重试
      </Button>
    </Space>
  ) : loading ? (
    <Spin size="small" />
  ) : (
    `没有找到${decl.noun}`
  );

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={picked.map((p) => p.account)}
      options={choices}
      placeholder={`请选择${decl.noun}，可输入姓名搜索`}
      disabled={disabled || readonly}
      loading={loading}
      status={rawErrors?.length ? "error" : undefined}
      allowClear
      filterOption={(input, option) => String(option?.label ?? "").includes(input.trim())}
      notFoundContent={empty}
      optionRender={(option) => {
        const person = (option.data as { person?: PersonRow }).person;
        return (
          <Space size={8}>
            <span>{option.label}</span>
            {person?.Nick && person.Nick !== person.Name && <Typography.Text type="secondary">{person.Nick}</Typography.Text>}
            {person?.Mobile && <Typography.Text type="secondary">{person.Mobile}</Typography.Text>}
          </Space>
        );
      }}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: "100%" }}
    />
  );
}
