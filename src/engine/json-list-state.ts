import { useNotification } from "@refinedev/core";
import { useCallback, useMemo } from "react";
import type { JsonListPageDecl } from "../../resources/kernel/json-list";
import { errorText, HttpRequestError } from "../../providers/http";
import { useCall, useCallMutation } from "../lib/use-call";

export type Item = Record<string, unknown>;
export type Operation = "create" | "update" | "remove";

const parseList = (text: unknown): Item[] => {
  try {
    const value = JSON.parse(String(text ?? "[]")) as unknown;
    return Array.isArray(value) ? (value as Item[]) : [];
  } catch {
    return [];
  }
};

/**
 * A list kept as JSON text in one record (resources/kernel/json-list.ts): its items as read, with
 * their counts, and `commit`, which applies a change to the list as read and writes the whole list
 * back with the version it was read at. A refused save says the declared failure (the server's
 * reason beside it) and reads the list again, so a save made from an older reading never overwrites
 * another's; field errors the server names come back for the form.
 */
export function useJsonList(decl: JsonListPageDecl, recordId: number) {
  const query = { [decl.record.call]: recordId };
  const read = useCall<Record<string, unknown>>(decl.read, query);
  const { send, busy } = useCallMutation();
  const { open } = useNotification();
  const data = (read.answer?.data ?? null) as Record<string, unknown> | null;
  const text = data?.[decl.listField];
  const items = useMemo(() => parseList(text), [text]);
  const counts = (data && decl.counts ? (data[decl.counts.answer] as Record<string, number> | undefined) : undefined) ?? {};
  const rows = decl.counts ? items.map((item) => ({ ...item, [decl.counts!.field]: counts[String(item[decl.itemId])] ?? 0 })) : items;
  const version = data?.[decl.versionField];
  const retry = read.retry;

  const commit = useCallback(
    async (operation: Operation, next: Item[]): Promise<{ ok: true } | { ok: false; errors?: Record<string, string> }> => {
      try {
        await send(decl.save, { ...query, [decl.bodyField]: JSON.stringify(next), ...(typeof version === "number" ? { [decl.versionField]: version } : {}) });
        open?.({ type: "success", message: operation === "create" ? "添加成功" : operation === "update" ? "修改成功" : "删除成功" });
        return { ok: true };
      } catch (error) {
        // The spec's words first (2 §8: 添加商品失败), then why (another person's save came between).
        open?.({ type: "error", message: `${decl.failure[operation]}：${errorText(error)}` });
        return { ok: false, errors: error instanceof HttpRequestError ? error.errors : undefined };
      } finally {
        retry();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is the record id
    [decl, recordId, version, send, open, retry],
  );

  return { items, rows, loading: read.loading && !read.answer, failed: !!read.error && !read.answer, retry, commit, saving: busy };
}
