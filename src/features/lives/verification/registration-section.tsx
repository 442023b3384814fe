import { Alert, Form, Switch, Typography } from "antd";
import { phoneField } from "../../../../resources/lives/live-validator";
import { SectionTitle, type SectionProps } from "./page-section";
import { RegistrationDesigner } from "./registration-designer";

/**
 * 报名登记 (2 §3: extra.isRecord 2 on, 1 off): viewers fill in a form before watching. Switching it
 * on starts the form with its fixed phone field; switching it off keeps the fields for later.
 */
export function RegistrationSection({ settings, change, problems }: SectionProps) {
  const { isRecord, data } = settings.extra;
  const on = isRecord === 2;
  const message = problems?.fields.extra;
  const rowsNamed = problems ? Object.keys(problems.rows).length > 0 : false;
  return (
    <section aria-labelledby="verification-registration-title">
      <div id="verification-registration-title">
        <SectionTitle>报名登记</SectionTitle>
      </div>
      <Form.Item label={<span id="verification-record-label">开启报名登记</span>}>
        <Switch
          aria-labelledby="verification-record-label"
          checked={on}
          checkedChildren="开"
          unCheckedChildren="关"
          onChange={(checked) => change({ extra: { isRecord: checked ? 2 : 1, data: checked && data.length === 0 ? [{ ...phoneField }] : data } })}
        />
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          开启后，观众观看前需填写以下信息
        </Typography.Text>
      </Form.Item>
      {on && (
        <>
          {message && !rowsNamed && <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} />}
          <RegistrationDesigner fields={data} problems={problems?.rows ?? {}} onChange={(fields) => change({ extra: { isRecord, data: fields } })} />
        </>
      )}
    </section>
  );
}
