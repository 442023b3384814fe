import { Templates } from "@rjsf/antd";
import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from "@rjsf/utils";
import { Typography } from "antd";
import { useSyncExternalStore, type ComponentType } from "react";
import type { FormSection } from "../../resources/kernel/form-page";
import type { FormPanelProps } from "./form-page-parts";
import { formValuesOf } from "./form-values";

const ThemeObjectTemplate = Templates.ObjectFieldTemplate!;

type PanelContext = Omit<FormPanelProps, "values">;

/**
 * What sits between a form's fields: the theme's object template reads each entry's `schema` and
 * `uiSchema` props to size its column, so an entry that is no field carries empty ones.
 */
interface PartProps {
  schema: object;
  uiSchema: object;
  render: () => React.ReactNode;
}
const Part = ({ render }: PartProps) => <>{render()}</>;

const part = (name: string, render: () => React.ReactNode): ObjectFieldTemplatePropertyType => ({
  name,
  content: <Part schema={{}} uiSchema={{}} render={render} />,
  hidden: false,
  disabled: false,
  readonly: false,
});

/** A panel under a section, re-drawn with the form's values as they change. */
function PanelHost({ Panel, registry, context }: { Panel: ComponentType<FormPanelProps>; registry: ObjectFieldTemplateProps["registry"]; context: PanelContext }) {
  const store = formValuesOf(registry);
  const values = useSyncExternalStore(store?.subscribe ?? (() => () => undefined), () => store?.get() ?? {});
  return <Panel {...context} values={values} />;
}

/**
 * The root object of a full-page form drawn in its declared sections: the named fields of each in
 * its order, a heading where one is given, the section's panel under its fields; fields no
 * section names follow the last. Nested objects draw as the theme draws them.
 */
export function sectionedTemplate(sections: readonly FormSection[], panels: Record<string, ComponentType<FormPanelProps>>, context: PanelContext) {
  return function SectionedObject(props: ObjectFieldTemplateProps) {
    if (props.fieldPathId.$id !== "root") return <ThemeObjectTemplate {...props} />;
    const byName = new Map(props.properties.map((property) => [property.name, property]));
    const named = new Set(sections.flatMap((section) => section.fields));
    const ordered: ObjectFieldTemplatePropertyType[] = [];
    sections.forEach((section, index) => {
      if (section.title) ordered.push(part(`section-${index}`, () => <Typography.Title level={5}>{section.title}</Typography.Title>));
      for (const field of section.fields) {
        const property = byName.get(field);
        if (property) ordered.push(property);
      }
      if (index === sections.length - 1) ordered.push(...props.properties.filter((property) => !named.has(property.name)));
      const Panel = section.panel ? panels[section.panel] : undefined;
      if (section.panel && !Panel) throw new Error(`form page: panel "${section.panel}" is not registered`);
      if (Panel) ordered.push(part(`panel-${index}`, () => <PanelHost Panel={Panel} registry={props.registry} context={context} />));
    });
    return <ThemeObjectTemplate {...props} properties={ordered} />;
  };
}
