import { useGetIdentity } from "@refinedev/core";
import { Button, Form, Input, message } from "antd";
import { useState } from "react";
import { defaultAreaCode } from "../../../../resources/auth/auth";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { portalApi, portalMessages } from "../../../../resources/portal/portal";
import { errorText } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";
import type { UserInfo } from "../../../../providers/session-store";
import mobileSchema from "../../../../schemas/portal.mobile.schema.json";
import { SmsCodeField } from "../../../components/sms-code-field";
import { schemaRules } from "../../../engine/light-rules";
import { useCallMutation } from "../../../lib/use-call";
import { CaptchaField, smsCodeRequester, useCaptcha } from "../../auth";
import { reportChangeFailure } from "./change-failure";
import { accountButton, accountForm } from "./form-layout";

const rules = schemaRules(mobileSchema);

interface Values {
  mobile: string;
  authcode?: string;
  auth_code: string;
}

/**
 * 修改手机号 (2 §5, §7): the new mobile (请输入手机号), an SMS code sent to it behind its graphic
 * captcha like every code request (获取验证码失败:msg, then the 60 s wait), then the change. A
 * change done starts a fresh form: no captcha image and no wait left over from the mobile just set.
 */
export function PhoneForm() {
  const [round, setRound] = useState(0);
  return <PhoneChange key={round} onDone={() => setRound((n) => n + 1)} />;
}

function PhoneChange({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha(form);
  const { refetch } = useGetIdentity<UserInfo>();
  const { send, busy } = useCallMutation();

  const ask = async (endpoint: Endpoint, body: Record<string, unknown>) => {
    try {
      await send(endpoint, body);
      message.success("验证码已发送");
      return true;
    } catch (error) {
      if (!isQuiet(error)) message.error(`${portalMessages.codeFailed}${errorText(error)}`);
      return false;
    }
  };

  const submit = async ({ mobile, auth_code }: Values) => {
    try {
      await send(portalApi.mobile, { area_code: defaultAreaCode, mobile, auth_code });
      message.success("修改成功");
      await refetch();
      onDone();
    } catch (error) {
      reportChangeFailure(error, form, "修改失败", "auth_code");
    }
  };

  return (
    <Form form={form} name="portal-phone" {...accountForm} requiredMark={false} onFinish={submit}>
      <Form.Item label="新手机号" name="mobile" rules={rules.mobile}>
        <Input placeholder="请输入手机号" autoComplete="tel" />
      </Form.Item>
      <CaptchaField label="图形验证码" src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField label="验证码" name="auth_code" placeholder="请输入验证码" rules={rules.auth_code} onRequest={smsCodeRequester(form, portalApi.mobileCode, captcha, "auth_code", ask)} />
      <Form.Item wrapperCol={accountButton}>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改手机号
        </Button>
      </Form.Item>
    </Form>
  );
}
