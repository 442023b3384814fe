import { Checkbox, Collapse, Radio, Switch, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import {
  entryMinutes,
  liveConfigLabels,
  liveConfigOptions,
  liveConfigPermissionOf,
  type LiveConfig,
  type LiveConfigKey,
} from "../../../../resources/lives/live-config";
import liveConfigSchema from "../../../../schemas/lives/live-config.def.schema.json";
import "./config-panels.css";
import { NumberInput } from "../../../components/number-input";

/** The settings drawn as choices, entry times and switches ("more settings"), in the panels' order (2 §2, §3). */
const choiceKeys = ["layout", "pushStreamType", "pptDefaultSwitchMode", "replaySizeSetting"] as const;
const minuteKeys = ["teaEnterTs", "stuEnterTs"] as const;
const switchKeys = ["showUserNumByChat", "stuShowNum", "openFilterChat", "filterChatDefault", "openSyncLive"] as const;
const mainKeys: LiveConfigKey[] = ["layout", "teaEnterTs", "stuEnterTs", "pushStreamType", "pptDefaultSwitchMode", "replaySizeSetting"];

const isChoice = (key: LiveConfigKey): key is (typeof choiceKeys)[number] => (choiceKeys as readonly string[]).includes(key);
const isMinutes = (key: LiveConfigKey) => (minuteKeys as readonly string[]).includes(key);

/** A typed entry time within 10-1440 minutes on the step of 5 (2 §9), as the server takes it. */
export function entryTime(value: number | null, fallback: string): string {
  if (value === null || !Number.isFinite(value)) return fallback;
  const stepped = Math.round(value / entryMinutes.step) * entryMinutes.step;
  return String(Math.min(entryMinutes.max, Math.max(entryMinutes.min, stepped)));
}

/** The schema's words for an entry time outside 10-1440 (schemas/lives/live-config.def), so the panel and the server say the same. */
const rangeMessage = (key: LiveConfigKey): string => (liveConfigSchema.properties as Record<string, { errorMessage?: { pattern?: string } }>)[key].errorMessage?.pattern ?? "";

/** The number in the box as typed: antd's InputNumber reports nothing while a typed value is out of its range. */
const typedNumber = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/**
 * An entry time typed freely and settled when the person leaves the box, steps or presses Enter:
 * rounding each keystroke would turn the 4 of 45 into 10. The settled value is read from the box
 * itself, since an out-of-range value never reached `draft`; it is brought into range, said so
 * under the box, and reported as a change, so what the box shows is what is saved.
 */
function MinutesInput({ id, value, disabled, message, onChange }: { id: string; value: string; disabled: boolean; message: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState<number | null>(Number(value));
  const [outOfRange, setOutOfRange] = useState(false);
  useEffect(() => setDraft(Number(value)), [value]);
  const settle = (typed: number | null) => {
    const next = entryTime(typed, value);
    setDraft(Number(next));
    setOutOfRange(typed !== null && (typed < entryMinutes.min || typed > entryMinutes.max));
    if (next !== value) onChange(next);
  };
  const messageId = `${id}-range`;
  return (
    <div>
      <NumberInput<number>
        id={id}
        value={draft}
        min={entryMinutes.min}
        max={entryMinutes.max}
        step={entryMinutes.step}
        precision={0}
        disabled={disabled}
        status={outOfRange ? "error" : undefined}
        aria-describedby={outOfRange ? messageId : undefined}
        addonAfter="分钟"
        style={{ width: 180 }}
        onChange={setDraft}
        onStep={(stepped) => settle(stepped)}
        onBlur={(event) => settle(typedNumber(event.target.value))}
        onPressEnter={(event) => settle(typedNumber(event.currentTarget.value))}
      />
      {outOfRange && (
        <Typography.Text type="danger" id={messageId} role="status" style={{ display: "block" }}>
          {message}
        </Typography.Text>
      )}
    </div>
  );
}

export interface ConfigPanelsProps {
  /** Ids of the controls start with it, so labels name them. */
  idPrefix: string;
  config: LiveConfig;
  onChange: (key: LiveConfigKey, value: string) => void;
  /** A setting the group fixes: shown with the group's value, disabled (the live form). */
  fixed?: (key: LiveConfigKey) => boolean;
  /** The 允许自由设置 boxes beside each setting (/liveSetting): a flag's value and its change. */
  freedom?: { of: (flag: string) => boolean; onChange: (flag: string, free: boolean) => void };
  disabled?: boolean;
}

/**
 * The live preference panels (2 §2 "Live form preference panels", §3 live config): layout (现代 1 /
 * 经典 2), teacher and student entry times (10-1440, step 5), push mode (手动 1 / 自动 0), PPT mode,
 * replay size, and the switches of "more settings". The live form and /liveSetting both draw them;
 * /liveSetting adds, beside each setting, whether lives may choose it freely.
 */
export function ConfigPanels({ idPrefix, config, onChange, fixed, freedom, disabled }: ConfigPanelsProps) {
  const row = (key: LiveConfigKey) => {
    const controlId = `${idPrefix}-${key}`;
    const locked = !!disabled || !!fixed?.(key);
    const label = liveConfigLabels[key];
    let control: ReactNode;
    if (isChoice(key))
      control = (
        <div role="radiogroup" aria-labelledby={`${controlId}-label`}>
          <Radio.Group
            id={controlId}
            value={config[key]}
            disabled={locked}
            options={Object.entries(liveConfigOptions[key]).map(([value, text]) => ({ value, label: text }))}
            onChange={(event) => onChange(key, String(event.target.value))}
          />
        </div>
      );
    else if (isMinutes(key)) control = <MinutesInput id={controlId} value={config[key]} disabled={locked} message={rangeMessage(key)} onChange={(value) => onChange(key, value)} />;
    else
      control = (
        <Switch id={controlId} checked={config[key] === "1"} disabled={locked} checkedChildren="开" unCheckedChildren="关" onChange={(on) => onChange(key, on ? "1" : "0")} />
      );
    const flag = liveConfigPermissionOf[key];
    return (
      <div className="live-config-row" key={key}>
        {isChoice(key) ? (
          <span className="live-config-label" id={`${controlId}-label`}>
            {label}
          </span>
        ) : (
          <label className="live-config-label" htmlFor={controlId}>
            {label}
          </label>
        )}
        <div className="live-config-control">
          {control}
          {fixed?.(key) && <Typography.Text type="secondary">机构统一设置，不可修改</Typography.Text>}
        </div>
        {freedom && (
          <Checkbox checked={freedom.of(flag)} disabled={disabled} onChange={(event) => freedom.onChange(flag, event.target.checked)}>
            允许自由设置
          </Checkbox>
        )}
      </div>
    );
  };
  return (
    <div className="live-config">
      {mainKeys.map(row)}
      <Collapse
        ghost
        size="small"
        defaultActiveKey={freedom ? ["more"] : []}
        items={[{ key: "more", label: "更多设置", children: switchKeys.map(row) }]}
      />
    </div>
  );
}
