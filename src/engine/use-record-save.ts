import { useCreate, useInvalidate, useUpdate, type BaseRecord } from "@refinedev/core";
import { useRef, useState } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import { HttpRequestError } from "../../providers/http";
import type { FormValues } from "./form-values";
import { mutationNotices } from "./mutation-notices";
import { applyTransforms, unchanged } from "./transforms";

export type FormMode = "create" | "edit";

/**
 * Adds or changes one record through Refine's mutations over the app's data provider: the values go
 * through the declared transforms; 添加成功 / 修改成功 or the failure the declaration asks for
 * come from the notification provider; the resource's lists are invalidated on success, and
 * reloaded after a failure too (2 §8: the list is reloaded). A field the server names gets its
 * message under it.
 */
export function useRecordSave(decl: ResourceDecl, mode: FormMode, record?: BaseRecord) {
  const create = useCreate();
  const update = useUpdate();
  const invalidate = useInvalidate();
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  // Enter pressed again while a submission is on its way must not send it twice.
  const inFlight = useRef(false);

  /** Resolves true when the form may close: saved, or (with `editOnlyChanges`) nothing to save. */
  async function save(values: FormValues, initial?: FormValues): Promise<boolean> {
    if (inFlight.current) return false;
    const now = Date.now();
    const sent = applyTransforms(decl, values, now);
    if (mode === "edit" && decl.editOnlyChanges && initial && unchanged(applyTransforms(decl, initial, now), sent)) return true;
    inFlight.current = true;
    setServerErrors(undefined);
    const meta = { api: decl.api };
    // The spec's wire shape where the declaration asks for it: the fields as JSON text in one field.
    const wire = decl.wireJson ? { [decl.wireJson.field]: JSON.stringify(sent) } : sent;
    try {
      if (mode === "create") await create.mutateAsync({ resource: decl.name, values: wire, meta, ...mutationNotices(decl, "create") });
      else await update.mutateAsync({ resource: decl.name, id: record?.[decl.id] as string | number, values: wire, meta, ...mutationNotices(decl, "update") });
      return true;
    } catch (error) {
      if (error instanceof HttpRequestError && error.errors) setServerErrors(error.errors);
      void invalidate({ resource: decl.name, invalidates: ["list"] });
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  return {
    save,
    saving: create.isLoading || update.isLoading,
    serverErrors,
    clearServerErrors: () => setServerErrors(undefined),
  };
}
