import { Templates } from "@rjsf/antd";
import type { FieldTemplateProps } from "@rjsf/utils";
import { useLayoutEffect, useRef } from "react";

const ThemeFieldTemplate = Templates.FieldTemplate!;

// The controls aria-required and aria-invalid may be said of; a checkbox list or a picker is not one.
const valued = "input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea, select, [role=combobox], [role=spinbutton], [role=textbox], [role=listbox], [role=radiogroup]";

const say = (control: Element, name: string, on: boolean) => (on ? control.setAttribute(name, "true") : control.removeAttribute(name));

/**
 * A field as antd's RJSF theme draws it (label, red star, message under the control), with its
 * control saying what the star and the red say: aria-required and aria-invalid. The theme's
 * widgets carry neither (antd's Form.Item adds them only to the fields it keeps itself), and the
 * bespoke widgets would each have to; the control is the element with the field's id, whatever drew it.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, required, rawErrors } = props;
  const invalid = !!rawErrors?.length;
  const row = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Searched in this row: every RJSF form names its fields root_…, and a page's form and a dialog's may both be open.
    const control = [...(row.current?.querySelectorAll("[id]") ?? [])].find((element) => element.id === id);
    if (!control?.matches(valued)) return;
    say(control, "aria-required", !!required);
    say(control, "aria-invalid", invalid);
  });
  return (
    <div ref={row} style={{ display: "contents" }}>
      <ThemeFieldTemplate {...props} />
    </div>
  );
}
