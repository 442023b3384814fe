import { SearchOutlined } from "../components/icons";
import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import type { FilterDecl } from "../../resources/kernel/define";
import { datePresets } from "../lib/date-presets";
import { isRange, rangeFormat, type FilterValues } from "./list-filter-values";
import { LookupSelect } from "./lookup-select";

type FormValue = string | [Dayjs, Dayjs] | undefined;
type FormValues = Record<string, FormValue>;

/** The form field of a filter: its parameter, or both of a range's. */
const nameOf = (filter: FilterDecl) => (isRange(filter) ? filter.params.join("~") : filter.param);

/** The day shortcuts, from the first second of the first day to the last of the last, for a range of moments. */
const dayTimePresets = datePresets.map(({ label, value }) => ({
  label,
  value: () => {
    const [from, to] = value();
    return [from.startOf("day"), to.endOf("day")] as [Dayjs, Dayjs];
  },
}));

function toForm(filters: readonly FilterDecl[], values: FilterValues): FormValues {
  return Object.fromEntries(
    filters.map((filter) => {
      if (!isRange(filter)) return [nameOf(filter), values[filter.param]];
      const [from, to] = filter.params.map((param) => values[param]);
      return [nameOf(filter), from && to ? [dayjs(from), dayjs(to)] : undefined];
    }),
  );
}

function fromForm(filters: readonly FilterDecl[], form: FormValues): FilterValues {
  const values: FilterValues = {};
  for (const filter of filters) {
    const value = form[nameOf(filter)];
    if (isRange(filter)) {
      const format = rangeFormat(filter);
      if (Array.isArray(value)) Object.assign(values, { [filter.params[0]]: value[0].format(format), [filter.params[1]]: value[1].format(format) });
    } else if (typeof value === "string" && value.trim()) values[filter.param] = value.trim();
  }
  return values;
}

function control(filter: FilterDecl) {
  switch (filter.kind) {
    case "text":
      return <Input placeholder={filter.placeholder ?? `请输入${filter.label}`} allowClear maxLength={filter.maxLength} style={{ width: 200 }} />;
    case "enum":
      return (
        <Select
          aria-label={filter.label}
          placeholder={filter.placeholder ?? "全部"}
          allowClear
          options={Object.entries(filter.options).map(([value, label]) => ({ value, label }))}
          style={{ width: 140 }}
        />
      );
    case "dateRange":
      return <DatePicker.RangePicker presets={datePresets} allowClear aria-label={filter.label} />;
    case "dateTimeRange":
      return <DatePicker.RangePicker showTime presets={dayTimePresets} allowClear aria-label={filter.label} />;
    case "lookup":
      return <LookupSelect filter={filter} />;
  }
}

export interface ListFiltersProps {
  filters: readonly FilterDecl[];
  /** What the URL says now. */
  values: FilterValues;
  onSearch: (values: FilterValues) => void;
}

/** The declared filters above a list, with 查询 and 重置 (1 §2.5); the URL is the truth. */
export function ListFilters({ filters, values, onSearch }: ListFiltersProps) {
  const [form] = Form.useForm<FormValues>();
  const valuesKey = JSON.stringify(values);

  // A reload, 重置 or the browser's back button puts the URL's filters back in the fields.
  useEffect(() => form.setFieldsValue(toForm(filters, JSON.parse(valuesKey) as FilterValues)), [form, filters, valuesKey]);

  return (
    <Form form={form} layout="inline" onFinish={(submitted) => onSearch(fromForm(filters, submitted))} style={{ rowGap: 12, marginBottom: 16 }}>
      {filters.map((filter) => (
        <Form.Item key={nameOf(filter)} name={nameOf(filter)} label={filter.label}>
          {control(filter)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            onClick={() => {
              // Also when the URL has no filters yet: what was typed and not searched goes too.
              form.setFieldsValue(toForm(filters, {}));
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
