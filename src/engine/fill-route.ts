/** `/teacherInfo?teacherId={Id}` with the row's fields filled in, each encoded for a URL. */
export const fillRoute = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? "")));

/** `{name}的直播` with the row's fields filled in as they read (a title, not an address). */
export const fillText = (template: string, row: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (_, field: string) => String(row[field] ?? ""));

/** A call's parameters from a row's fields (`{group_id: "{group_id}"}`). */
export const fillParams = (templates: Readonly<Record<string, string>>, row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(templates).map(([name, template]) => [name, fillRoute(template, row)]));
