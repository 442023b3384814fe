import type { WidgetProps } from "@rjsf/utils";
import { Typography } from "antd";

/**
 * `"ui:widget": "enumText"`: a choice that is fixed once made (a template's live type on change,
 * 2 §2), shown as the chosen option's label rather than as a disabled select whose grey text is
 * hard to read. The value stays in the form as it was.
 */
export function EnumTextWidget({ id, value, options }: WidgetProps) {
  const label = options.enumOptions?.find((option) => option.value === value)?.label ?? String(value ?? "");
  return (
    <Typography.Text id={id} style={{ lineHeight: "32px" }}>
      {label}
    </Typography.Text>
  );
}
