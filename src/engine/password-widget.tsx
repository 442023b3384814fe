import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { PasswordInput } from "../components/password-input";

/** `"ui:widget": "password"`: the console's password box, whose reveal a keyboard reaches; `ui:options.autoComplete` as given (a new password). */
export function PasswordWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, options }: WidgetProps) {
  return (
    <PasswordInput
      id={id}
      name={id}
      value={value ?? ""}
      placeholder={placeholder}
      autoComplete={typeof options.autoComplete === "string" ? options.autoComplete : undefined}
      disabled={disabled || readonly}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={({ target }) => onChange(target.value === "" ? options.emptyValue : target.value)}
      onBlur={({ target }) => onBlur(id, target.value)}
      onFocus={({ target }) => onFocus(id, target.value)}
    />
  );
}
