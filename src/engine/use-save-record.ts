import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { message } from "antd";
import { useRef, useState } from "react";
import type { ResourceDecl } from "../../resources/define";
import { HttpRequestError, reportError } from "../../providers/http";
import type { FormValues } from "./schema-form";

export type FormMode = "create" | "edit";

/**
 * Adds or changes one record through the app's data provider (1 §8): 添加成功 / 修改成功 on
 * success; on a refusal the server's msg as an error toast (unless `failureToasts` says no) and,
 * when the server names a field, under that field as well.
 */
export function useSaveRecord(decl: ResourceDecl, mode: FormMode, record?: BaseRecord) {
  const dataProvider = useDataProvider()();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  // Enter pressed again while a submission is on its way must not send it twice.
  const inFlight = useRef(false);

  async function save(values: FormValues): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSaving(true);
    setServerErrors(undefined);
    const meta = { api: decl.api };
    try {
      if (mode === "create") await dataProvider.create({ resource: decl.name, variables: values, meta });
      else await dataProvider.update({ resource: decl.name, id: record?.[decl.id] as string | number, variables: values, meta });
      message.success(mode === "create" ? "添加成功" : "修改成功");
      return true;
    } catch (error) {
      // 1 §8: unless the declaration keeps it quiet (a refused change of a course says nothing).
      if (decl.failureToasts?.[mode === "create" ? "create" : "update"] !== false) reportError(error);
      if (error instanceof HttpRequestError && error.errors) setServerErrors(error.errors);
      return false;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  return { save, saving, serverErrors, clearServerErrors: () => setServerErrors(undefined) };
}
