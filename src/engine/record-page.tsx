import { Button, Card, Descriptions, Modal, Result, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import type { RecordDialogDecl, RecordPageDecl } from "../../resources/kernel/record-page";
import { errorText } from "../../providers/http";
import { useCall } from "../lib/use-call";
import { AccessGate } from "./access-gate";
import { FormPageBody } from "./form-page";

const noParams: Record<string, number> = {};

/**
 * A declared page of one record (resources/kernel/record-page.ts): its fields as label and value,
 * each field's dialog button beside its value. A dialog draws its form as a full-page form is drawn;
 * it starts afresh each time it opens, and a form that goes back closes it and reads the record again.
 */
export function RecordPage({ decl }: { decl: RecordPageDecl }) {
  return (
    <Card title={decl.title} style={decl.width ? { maxWidth: decl.width } : undefined}>
      <AccessGate menuKey={decl.access}>
        <RecordBody decl={decl} />
      </AccessGate>
    </Card>
  );
}

function RecordBody({ decl }: { decl: RecordPageDecl }) {
  const read = useCall<Record<string, unknown>>(decl.read.call);
  const [open, setOpen] = useState<RecordDialogDecl | null>(null);
  const record = read.answer?.data;
  if (read.error && !record)
    return <Result status="error" title={decl.read.failed} subTitle={errorText(read.error)} extra={<Button onClick={read.retry}>重试</Button>} />;
  const close = () => setOpen(null);
  return (
    <>
      {decl.intro && <Typography.Paragraph type="secondary">{decl.intro}</Typography.Paragraph>}
      {record ? (
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 120 } }}>
          {decl.fields.map(({ field, label, dialog }) => (
            <Descriptions.Item key={field} label={label}>
              <Space wrap>
                <Typography.Text code>{String(record[field] ?? "")}</Typography.Text>
                {dialog && (
                  <Button size="small" danger={dialog.danger} onClick={() => setOpen(dialog)}>
                    {dialog.label}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Skeleton active paragraph={{ rows: decl.fields.length }} title={false} />
      )}
      <Modal open={!!open} title={open?.form.title} footer={null} onCancel={close} destroyOnHidden width={560}>
        {open && (
          <FormPageBody
            decl={open.form}
            params={noParams}
            onBack={() => {
              close();
              read.retry();
            }}
          />
        )}
      </Modal>
    </>
  );
}
