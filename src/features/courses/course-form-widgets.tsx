import type { RegistryWidgetsType, WidgetProps } from "@rjsf/utils";
import { Radio, Select, Typography } from "antd";
import { useCallback, useEffect } from "react";
import { courseTypeOf, courseTypes } from "../../../resources/courses/course";
import { formValuesOf, useFieldValue } from "../../engine/form-values";
import { choiceLabel, maxUsersAfterSwitch, maxUsersLimit } from "./max-users";
import { useOfferedTypes } from "./use-offered-types";
import { NumberInput } from "../../components/number-input";

/**
 * `"ui:widget": "courseType"`: the types this admin may create (1 §6); a new course starts as the
 * first of them. Choosing one fits the maximum users (`ui:options.maxUsersField`) to it. Read-only
 * (the edit form: a course keeps its type) it shows the course's type, disabled.
 */
function CourseTypeWidget({ id, value, onChange, disabled, readonly, placeholder, options, registry, rawErrors }: WidgetProps) {
  const locked = !!(disabled || readonly);
  const offered = useOfferedTypes(!locked);
  const store = formValuesOf(registry);
  const maxUsersField = String(options.maxUsersField ?? "maxusernum");

  const choose = useCallback(
    (code: number) => {
      const type = courseTypeOf(code);
      if (!type) return;
      onChange(code);
      store?.set(maxUsersField, maxUsersAfterSwitch(type, store.get()[maxUsersField] as number | undefined));
    },
    [onChange, store, maxUsersField],
  );
  // Checked on every render, not once when the types arrive: the type can be found empty again
  // after it was chosen (a date picker commits typed text on blur from the values it last saw),
  // and a new course must not be sent without one because its types came in mid-typing.
  const first = offered.types?.[0]?.code;
  useEffect(() => {
    if (!locked && value === undefined && first !== undefined) choose(first);
  });

  const shown = locked ? courseTypes : (offered.types ?? []);
  return (
    <Select<number>
      id={id}
      value={value}
      placeholder={placeholder}
      disabled={locked}
      loading={!locked && offered.types === null}
      status={rawErrors?.length ? "error" : undefined}
      options={shown.map((type) => ({ value: type.code, label: type.label }))}
      notFoundContent={offered.error ?? "没有可创建的班型"}
      onChange={choose}
    />
  );
}

/**
 * `"ui:widget": "courseMaxUsers"`: for the type in `ui:options.typeField`, 1对1 / 1对6 where the
 * type only allows those, else a number from the schema's minimum up to the type's ceiling (1 §5).
 * The ceiling is said under the input, and a number over it stays as typed with the type rule's
 * reason in red (the server refuses it with the same words): clamping it on blur changed what the
 * person typed without telling them.
 */
function CourseMaxUsersWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, schema, options, registry, rawErrors }: WidgetProps) {
  const code = useFieldValue<number>(registry, String(options.typeField ?? "type"));
  const type = code === undefined ? undefined : courseTypeOf(code);
  const rule = type?.maxUsers;
  const locked = disabled || readonly;
  const limit = type ? maxUsersLimit(type, value) : null;
  // A message the form shows for the field (the server's) stands in for the widget's own.
  const note = rawErrors?.length ? null : limit;
  if (rule?.choices) {
    return (
      <Radio.Group
        id={id}
        value={value}
        disabled={locked}
        options={rule.choices.map((users) => ({ value: users, label: choiceLabel(users) }))}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <>
      <NumberInput
        id={id}
        value={typeof value === "number" ? value : null}
        min={schema.minimum ?? 1}
        precision={0}
        disabled={locked || !rule}
        placeholder={rule ? undefined : "请先选择班型"}
        addonAfter="人"
        status={rawErrors?.length || limit?.broken ? "error" : undefined}
        aria-describedby={note ? `${id}-limit` : undefined}
        onChange={(users) => onChange(users ?? undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        style={{ width: 180 }}
      />
      {note && (
        <Typography.Text id={`${id}-limit`} type={note.broken ? "danger" : "secondary"} role={note.broken ? "alert" : undefined} style={{ display: "block", marginTop: 4 }}>
          {note.text}
        </Typography.Text>
      )}
    </>
  );
}

/** The widgets schemas/courses/course.create|edit.ui.json name beyond the engine's own. */
export const courseFormWidgets: RegistryWidgetsType = {
  courseType: CourseTypeWidget,
  courseMaxUsers: CourseMaxUsersWidget,
};
