import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { liveStateLabels } from "../../../../resources/lives/live-labels";
import { datePresets } from "../../../lib/date-presets";
import type { LiveQuery, LiveStatus } from "./live-query";

type Filters = Pick<LiveQuery, "title" | "status" | "begin" | "end">;

interface FormValues {
  title?: string;
  status?: LiveStatus;
  range?: [Dayjs, Dayjs];
}

// From the declared labels, so "ended" is 2 on both pages: the old teacher page offered it as 1
// (1 §4), which filtered in-progress lives instead.
const statusOptions = Object.entries(liveStateLabels).map(([value, label]) => ({ value: Number(value), label }));

const toValues = (query: Filters): FormValues => ({
  title: query.title,
  status: query.status,
  range: query.begin && query.end ? [dayjs(query.begin), dayjs(query.end)] : undefined,
});

/** Title, status and date-range filters of a detail page's live table. */
export function LiveFilters({ query, onSearch }: { query: Filters; onSearch: (filters: Filters) => void }) {
  const [form] = Form.useForm<FormValues>();
  const { title, status, begin, end } = query;

  // The URL is the truth: a reload, the reset button or the browser puts its filters back here.
  useEffect(() => form.setFieldsValue(toValues({ title, status, begin, end })), [form, title, status, begin, end]);

  const submit = (values: FormValues) =>
    onSearch({
      title: (values.title ?? "").trim(),
      status: values.status ?? undefined,
      begin: values.range?.[0]?.format("YYYY-MM-DD"),
      end: values.range?.[1]?.format("YYYY-MM-DD"),
    });

  return (
    <Form form={form} layout="inline" onFinish={submit} initialValues={toValues(query)} style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item name="title" label="直播名称">
        <Input placeholder="请输入直播名称" allowClear maxLength={60} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="status" label="直播状态">
        <Select placeholder="全部" allowClear options={statusOptions} style={{ width: 120 }} aria-label="直播状态" />
      </Form.Item>
      <Form.Item name="range" label="直播时间">
        <DatePicker.RangePicker presets={datePresets} allowClear />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => onSearch({ title: "", status: undefined, begin: undefined, end: undefined })}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
