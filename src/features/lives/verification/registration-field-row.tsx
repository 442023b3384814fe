import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, LockOutlined } from "../../../components/icons";
import { Button, Checkbox, Flex, Input, Select, Tag, Tooltip, Typography } from "antd";
import type { RegistrationField } from "../../../../resources/lives/live-api";
import { choiceTypes, fieldTypeLabels } from "../../../../resources/lives/live-validator";
import { ChoiceOptions } from "./choice-options";

export type RowAction = "up" | "down" | "remove";

export interface RegistrationFieldRowProps {
  rowKey: string;
  index: number;
  last: boolean;
  field: RegistrationField;
  problems?: { name?: string; options?: string };
  onChange: (field: RegistrationField) => void;
  onAction: (action: RowAction) => void;
}

/** Types a field other than the first may have: every one but the phone. */
const otherTypes = Object.entries(fieldTypeLabels)
  .filter(([value]) => value !== "1")
  .map(([value, label]) => ({ value: Number(value), label }));

/** One field of the registration form: its type, name, hint and 必填, its options if a choice, and its moves. */
export function RegistrationFieldRow({ rowKey, index, last, field, problems, onChange, onAction }: RegistrationFieldRowProps) {
  const fixed = index === 0 && field.isPhone;
  const choice = choiceTypes.includes(field.formaDataType);
  const title = `第${index + 1}项`;
  const set = (patch: Partial<RegistrationField>) => onChange({ ...field, ...patch });
  return (
    <div
      role="group"
      aria-label={`${title}：${field.name || fieldTypeLabels[field.formaDataType]}`}
      data-row-key={rowKey}
      style={{ border: "1px solid #f0f0f0", borderRadius: 6, padding: "10px 12px", background: fixed ? "#fafafa" : "#fff" }}
    >
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong style={{ width: 44 }}>
          {title}
        </Typography.Text>
        {fixed ? (
          <Tag icon={<LockOutlined />} style={{ width: 96, textAlign: "center", margin: 0 }}>
            {fieldTypeLabels[1]}
          </Tag>
        ) : (
          <Select
            aria-label={`${title}信息类型`}
            value={field.formaDataType}
            options={otherTypes}
            style={{ width: 96 }}
            onChange={(type: RegistrationField["formaDataType"]) =>
              set({ formaDataType: type, checkList: choiceTypes.includes(type) ? (field.checkList.length ? field.checkList : [""]) : [] })
            }
          />
        )}
        <Input
          aria-label={`${title}信息名称`}
          placeholder="请输入信息名称"
          value={field.name}
          status={problems?.name ? "error" : undefined}
          style={{ width: 200 }}
          onChange={(event) => set({ name: event.target.value })}
        />
        <Input aria-label={`${title}提示文字`} placeholder="请输入提示文字" value={field.placeholder} style={{ width: 220 }} onChange={(event) => set({ placeholder: event.target.value })} />
        <Checkbox checked={field.required} disabled={fixed} onChange={(event) => set({ required: event.target.checked })}>
          必填
        </Checkbox>
        <Flex gap={4} style={{ marginLeft: "auto" }}>
          {fixed ? (
            <Typography.Text type="secondary">固定为第一项</Typography.Text>
          ) : (
            <>
              <Tooltip title="上移">
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={`上移${title}`} data-action="up" disabled={index <= 1} onClick={() => onAction("up")} />
              </Tooltip>
              <Tooltip title="下移">
                <Button size="small" icon={<ArrowDownOutlined />} aria-label={`下移${title}`} data-action="down" disabled={last} onClick={() => onAction("down")} />
              </Tooltip>
              <Tooltip title="删除">
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除${title}`} data-action="remove" onClick={() => onAction("remove")} />
              </Tooltip>
            </>
          )}
        </Flex>
      </Flex>
      {choice && <ChoiceOptions label={title} options={field.checkList} invalid={!!problems?.options} onChange={(checkList) => set({ checkList })} />}
      {(problems?.name || problems?.options) && (
        <Typography.Text type="danger" role="alert" style={{ display: "block", marginTop: 6, marginLeft: 52 }}>
          {problems.name ?? problems.options}
        </Typography.Text>
      )}
    </div>
  );
}
