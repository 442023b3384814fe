import type { WidgetProps } from "@rjsf/utils";
import { Button, Empty, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { liveApi, liveLimits, type EmulateTemplateRecord } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";
import { readList } from "../../../engine/cells";
import { TagsCell } from "../../../engine/cell-parts";
import { useCall } from "../../../lib/use-call";

export interface TemplatePickerDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (template: EmulateTemplateRecord) => void;
}

/**
 * The simulated-live template picker (2 §2): the templates 5 a page with a title search, each with
 * its time, up to 3 teacher and 3 assistant tags, and 选择.
 */
export function TemplatePickerDialog({ open, onClose, onPick }: TemplatePickerDialogProps) {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState("");
  const [title, setTitle] = useState("");
  const query = { page, count: liveLimits.templatePageSize, ...(title ? { title } : {}) };
  const { answer, error, loading, retry } = useCall<EmulateTemplateRecord[]>(liveApi.templatesSearch, query, { enabled: open, keepPrevious: true });

  const columns: TableColumnsType<EmulateTemplateRecord> = [
    { title: "模板名称", dataIndex: "Title", key: "Title" },
    { title: "时间", key: "time", width: 190, render: (_, t) => `${t.BeginTime} ~ ${t.EndTime.slice(11)}` },
    { title: "老师", key: "teachers", render: (_, t) => <TagsCell items={readList(t.Teachers)} label="name" max={3} /> },
    { title: "助教", key: "assistants", render: (_, t) => <TagsCell items={readList(t.Assistants)} label="name" max={3} /> },
    {
      title: "操作",
      key: "pick",
      width: 80,
      render: (_, t) => (
        <Button type="link" size="small" onClick={() => onPick(t)}>
          选择
        </Button>
      ),
    },
  ];
  const empty = error ? (
    <Space direction="vertical">
      <Typography.Text type="danger">{`模板加载失败：${errorText(error)}`}</Typography.Text>
      <Button size="small" onClick={retry}>
        重试
      </Button>
    </Space>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={answer ? (title ? `没有找到与「${title}」匹配的模板` : "还没有仿真直播模板") : " "} />
  );

  return (
    <Modal open={open} title="选择仿真直播模板" width={880} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        aria-label="模板名称"
        placeholder="请输入模板名称"
        allowClear
        enterButton="搜索"
        maxLength={60}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(text) => {
          setTitle(text.trim());
          setPage(1);
        }}
        style={{ width: 360, marginBottom: 16 }}
      />
      <Table<EmulateTemplateRecord>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={error ? [] : (answer?.data ?? [])}
        loading={loading}
        locale={{ emptyText: empty }}
        pagination={{ current: page, pageSize: liveLimits.templatePageSize, total: answer?.count ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 条`, onChange: setPage }}
      />
    </Modal>
  );
}

/**
 * `"ui:widget": "liveTemplate"`: the simulated-live template a new live plays (its `emulateid`, 0
 * none). The page shows the field only for a large class when templates exist (2 §4); choosing
 * one makes the live a simulated live, which the page confirms on saving.
 */
export function TemplatePickerWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<EmulateTemplateRecord | null>(null);
  const templateId = Number(value ?? 0);
  // A template chosen before (a form filled again) is named from the server.
  const known = chosen?.Id === templateId ? chosen : null;
  const { answer } = useCall<EmulateTemplateRecord>(liveApi.templateInfo, { id: templateId }, { enabled: templateId > 0 && !known });
  const shown = known ?? (answer?.data?.Id === templateId ? answer.data : null);
  const locked = disabled || readonly;

  return (
    <Space wrap id={id}>
      {templateId > 0 ? (
        <Tag color="blue" style={{ fontSize: 14, padding: "2px 8px" }}>
          {shown?.Title ?? `模板 ${templateId}`}
        </Tag>
      ) : (
        <Typography.Text type="secondary">不使用模板（普通直播）</Typography.Text>
      )}
      <Button disabled={locked} onClick={() => setOpen(true)}>
        {templateId > 0 ? "更换模板" : "选择仿真直播模板"}
      </Button>
      {templateId > 0 && (
        <Button type="link" disabled={locked} onClick={() => onChange(0)}>
          不使用模板
        </Button>
      )}
      <TemplatePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onPick={(template) => {
          setChosen(template);
          onChange(template.Id);
          setOpen(false);
        }}
      />
    </Space>
  );
}
