import type { WidgetProps } from "@rjsf/utils";
import { Input } from "antd";

/**
 * `"ui:widget": "wholeNumber"`: a whole number typed as text. antd's InputNumber (RJSF's default for
 * an integer) silently drops a value past the schema's maximum and keeps the old one, so 10000001
 * would be saved as whatever was there; here the text goes to the form as typed (a number when it
 * is one) and the schema says what is wrong with it, in its own words.
 */
export function WholeNumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors }: WidgetProps) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      value={value === undefined || value === null ? "" : String(value)}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readonly}
      status={rawErrors?.length ? "error" : undefined}
      onChange={(event) => {
        const text = event.target.value.trim();
        onChange(text === "" ? undefined : /^-?\d{1,15}$/.test(text) ? Number(text) : text);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
