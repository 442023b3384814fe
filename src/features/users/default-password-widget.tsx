import type { WidgetProps } from "@rjsf/utils";
import { Alert } from "antd";
import { personApi, personMessages } from "../../../resources/users/person";
import phoneDef from "../../../schemas/kernel/phone.def.schema.json";
import { useFieldValue } from "../../engine/form-values";
import { useCall } from "../../lib/use-call";

const phone = new RegExp(phoneDef.pattern);

/**
 * `"ui:widget": "defaultPassword"`: the default password of an add form (sub-admin, teacher,
 * assistant, student), with the form's password input. Adding a mobile that is a person's already
 * keeps that person's password (services/users.ts addIdentity), so once the mobile
 * (`ui:options.mobileField`) is well formed the server is asked, and such a mobile is said under
 * the password before saving: 该手机号已注册，将沿用其原密码.
 */
export function DefaultPasswordWidget(props: WidgetProps) {
  const { registry, options } = props;
  const Password = registry.widgets.PasswordWidget;
  const mobile = useFieldValue<string>(registry, String(options.mobileField ?? "mobile"));
  const wellFormed = typeof mobile === "string" && phone.test(mobile);
  const { answer } = useCall<{ registered: boolean }>(personApi.registeredMobile, { mobile: mobile ?? "" }, { enabled: wellFormed });
  const kept = wellFormed && answer?.data.registered === true;
  return (
    <>
      <Password {...props} />
      {/* An alert's text is the body colour on its pale yellow: antd's warning text colour fails AA on white. */}
      {kept && <Alert type="warning" showIcon role="status" message={personMessages.passwordWillBeKept} style={{ marginTop: 4, padding: "2px 8px" }} />}
    </>
  );
}
