import { PlusOutlined } from "../../../components/icons";
import { Button, Flex, Typography } from "antd";
import { useEffect, useRef } from "react";
import type { RegistrationField } from "../../../../resources/lives/live-api";
import { designerLimits } from "../../../../resources/lives/live-validator";
import { RegistrationFieldRow, type RowAction } from "./registration-field-row";
import type { SettingsProblems } from "./settings-problems";

export interface RegistrationDesignerProps {
  fields: RegistrationField[];
  /** Messages by field index, once a save was tried. */
  problems: SettingsProblems["rows"];
  onChange: (fields: RegistrationField[]) => void;
}

const newField = (): RegistrationField => ({ formaDataType: 3, name: "", placeholder: "", required: false, checkList: [], isPhone: false });

/**
 * The registration form designer (2 §3): the phone field first (fixed, required, neither movable
 * nor removable), then fields of types 2-6 added, named, moved up and down with buttons (the caret
 * stays on the button it pressed, so the keyboard can keep moving a field) and removed.
 */
export function RegistrationDesigner({ fields, problems, onChange }: RegistrationDesignerProps) {
  // Each row keeps its key as it moves, so its inputs (and the caret in them) move with it.
  const keys = useRef<string[]>([]);
  const made = useRef(0);
  const fresh = () => `field-${(made.current += 1)}`;
  if (keys.current.length !== fields.length) keys.current = fields.map(() => fresh());
  const refocus = useRef<{ key: string; action: RowAction } | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const row = list.current?.querySelector(`[data-row-key="${wanted.key}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not([disabled])`) ?? row?.querySelector<HTMLButtonElement>("[data-action]:not([disabled])");
    button?.focus();
  });

  const act = (index: number, action: RowAction) => {
    const next = [...fields];
    const order = [...keys.current];
    if (action === "remove") {
      next.splice(index, 1);
      order.splice(index, 1);
      // The caret goes to the row that took its place, or the one above, not back to the page's top.
      const neighbour = order[index] ?? order[index - 1];
      if (neighbour) refocus.current = { key: neighbour, action };
    } else {
      const other = action === "up" ? index - 1 : index + 1;
      [next[index], next[other]] = [next[other], next[index]];
      [order[index], order[other]] = [order[other], order[index]];
      refocus.current = { key: order[other], action };
    }
    keys.current = order;
    onChange(next);
  };

  const full = fields.length >= designerLimits.fields;
  return (
    <Flex vertical gap={12} ref={list} style={{ marginLeft: 112, maxWidth: 920 }}>
      {fields.map((field, index) => (
        <RegistrationFieldRow
          key={keys.current[index]}
          rowKey={keys.current[index]}
          index={index}
          last={index === fields.length - 1}
          field={field}
          problems={problems[index]}
          onChange={(changed) => onChange(fields.map((f, i) => (i === index ? changed : f)))}
          onAction={(action) => act(index, action)}
        />
      ))}
      <Flex align="center" gap={12}>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => {
            keys.current = [...keys.current, fresh()];
            onChange([...fields, newField()]);
          }}
        >
          添加信息项
        </Button>
        <Typography.Text type="secondary">{full ? `最多${designerLimits.fields}项` : `已有${fields.length}项，最多${designerLimits.fields}项`}</Typography.Text>
      </Flex>
    </Flex>
  );
}
