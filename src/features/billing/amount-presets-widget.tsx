import type { WidgetProps } from "@rjsf/utils";
import { Flex, InputNumber, Radio } from "antd";
import { useState } from "react";
import { rechargePresets } from "../../../resources/billing/recharge";

const other = "other";

/**
 * `"ui:widget": "amountPresets"` of the recharge form (schemas/billing/recharge.pay.create.ui.json): the
 * preset amounts as buttons, and 其他金额 opening a number box for any amount to the fen. The
 * amount's rules are the schema's (recharge.order's fee), checked as the form's are.
 */
export function AmountPresetsWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const preset = (rechargePresets as readonly number[]).includes(value as number);
  const [typing, setTyping] = useState(value !== undefined && !preset);
  const chosen = typing ? other : preset ? String(value) : undefined;
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        id={id}
        optionType="button"
        buttonStyle="solid"
        disabled={disabled || readonly}
        value={chosen}
        onChange={(e) => {
          const picked = e.target.value as string;
          setTyping(picked === other);
          onChange(picked === other ? undefined : Number(picked));
        }}
        options={[...rechargePresets.map((n) => ({ label: `${n}元`, value: String(n) })), { label: "其他金额", value: other }]}
      />
      {typing && (
        <InputNumber
          aria-label="其他金额（元）"
          autoFocus
          style={{ width: 220 }}
          min={0}
          precision={2}
          addonAfter="元"
          placeholder="请输入充值金额"
          disabled={disabled || readonly}
          value={typeof value === "number" ? value : null}
          onChange={(n) => onChange(n === null ? undefined : n)}
        />
      )}
    </Flex>
  );
}
