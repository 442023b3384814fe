import type { WidgetProps } from "@rjsf/utils";
import { Button, Select, Space, Typography } from "antd";
import { formValuesOf, useFieldValue } from "../../engine/form-values";
import { regionChoices, useRegions, type RegionLevel } from "./regions";

const levels: readonly RegionLevel[] = ["province", "city", "region"];
const levelOf = (options: WidgetProps["options"]): RegionLevel => (levels.includes(options.level as RegionLevel) ? (options.level as RegionLevel) : "province");

/**
 * `"ui:widget": "regionSelect"` with `"ui:options": {"level": "province" | "city" | "region"}`: one
 * level of the office region (3 §5), its choices under the level above it. Choosing a province
 * empties the city and district, choosing a city the district, so a place is always one of the
 * dataset's. Each level is its own field with its own message.
 */
export function RegionSelectWidget({ id, value, onChange, disabled, readonly, placeholder, options, registry }: WidgetProps) {
  const level = levelOf(options);
  const store = formValuesOf(registry);
  const province = useFieldValue<string>(registry, "province");
  const city = useFieldValue<string>(registry, "city");
  const state = useRegions();
  if (state.status === "failed") {
    return (
      <Space>
        <Typography.Text type="danger">地区数据加载失败</Typography.Text>
        <Button size="small" onClick={state.retry}>
          重试
        </Button>
      </Space>
    );
  }
  const choices = state.status === "ready" ? regionChoices(state.regions, level, province, city) : [];
  const above = level === "province" || (level === "city" ? !!province : !!city);
  const choose = (next: string | undefined) => {
    onChange(next || undefined);
    const below = levels.slice(levels.indexOf(level) + 1);
    for (const field of below) store?.set(field, undefined);
  };
  return (
    <Select<string>
      id={id}
      value={typeof value === "string" && value ? value : undefined}
      onChange={choose}
      allowClear
      showSearch
      loading={state.status === "loading"}
      disabled={disabled || readonly || !above}
      placeholder={placeholder}
      options={choices.map((name) => ({ value: name, label: name }))}
      notFoundContent={state.status === "loading" ? "加载中…" : "无匹配地区"}
      style={{ width: "100%", maxWidth: 320 }}
    />
  );
}
