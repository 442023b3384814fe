import type { ResourceDecl } from "../../resources/kernel/define";
import type { FormPageDecl } from "../../resources/kernel/form-page";
import { pathOf } from "../../resources/kernel/route";
import { schemaFiles } from "./schema-files";

/** The query parameter of `editRoute` that carries the record's id (`liveId` of `/changeFzLive?liveId={Id}`). */
function idParamOf(decl: ResourceDecl): string {
  const query = decl.editRoute?.split("?")[1] ?? "";
  return [...new URLSearchParams(query)].find(([, value]) => value === `{${decl.id}}`)?.[0] ?? decl.id;
}

/**
 * A resource's create or edit form as a page of its own (`createRoute`, /createAdmin of 1 §2.4;
 * `editRoute`, /changeFzLive?liveId of 2 §2), declared as any other full-page form: titled as its
 * form schema is, the record read through the resource's `get` call by the id in the address (so
 * the page can be reloaded), saved through the resource, and left for the resource's list.
 */
export function resourceFormPage(decl: ResourceDecl, kind: "create" | "edit"): FormPageDecl {
  const form = decl.forms[kind]!;
  const page: FormPageDecl = {
    route: pathOf((kind === "create" ? decl.createRoute : decl.editRoute)!),
    title: String(schemaFiles.find((file) => file.$id === form)?.title ?? ""),
    kind,
    access: decl.menu.key,
    form,
    interCheck: true,
    save: { resource: decl, after: "back" },
    leaveTo: decl.route,
  };
  if (kind === "create") return page;
  const param = idParamOf(decl);
  return {
    ...page,
    params: [param],
    required: { param, missing: `未指定要修改的${decl.noun}` },
    read: { call: decl.api.get!, query: { id: param }, failed: `${decl.noun}加载失败` },
  };
}
