/** `/teacherInfo?teacherId={Id}` with the row's fields filled in, each encoded for a URL. */
export const fillRoute = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? "")));
