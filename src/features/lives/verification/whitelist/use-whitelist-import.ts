import { useRef, useState } from "react";
import { liveLimits, validatorApi } from "../../../../../resources/lives/live-api";
import type { WhitelistRow, WhitelistRowError } from "../../../../../resources/lives/live-validator";
import { errorText } from "../../../../../providers/http";
import { badFileText, isAcceptedName, type SheetFileTypes } from "../../../../lib/xlsx/file-types";
import { useSheetTools } from "../../../../lib/xlsx/sheet-tools";
import type { ValidatorService } from "../use-validator-service";
import { rowsOf } from "./whitelist-sheet";

/** The import's files (issue 10: xlsx, xls or csv) and the reader's bounds for 20,000 rows of two short texts. */
export const importFiles: SheetFileTypes = { extensions: ["xlsx", "xls", "csv"] };
const readBounds = { maxRows: liveLimits.whitelistPerImport, maxBytes: 8 * 1024 * 1024, maxCellLength: 128, timeoutMs: 30_000 };

export type ImportPhase =
  | { kind: "idle"; notice: string | null }
  | { kind: "reading"; fileName: string }
  | { kind: "checking"; fileName: string; rows: WhitelistRow[] }
  | { kind: "checked"; fileName: string; rows: WhitelistRow[]; accepted: number; errors: WhitelistRowError[] }
  | { kind: "importing"; fileName: string; rows: WhitelistRow[]; accepted: number }
  | { kind: "done"; added: number; errors: WhitelistRowError[] }
  | { kind: "failed"; fileName: string; rows: WhitelistRow[]; message: string; retry: "check" | "import" };

/**
 * The whitelist import (2 §5, issue 10 item 10): a file read in the sheet worker, then the server's
 * dry run (every row judged, nothing written), then, once the person confirms, the same rows in one
 * call that writes the accepted ones in one transaction. A stale answer (the dialog closed or
 * another file chosen meanwhile) is dropped.
 */
export function useWhitelistImport(service: ValidatorService) {
  const { parseSheet } = useSheetTools();
  const [phase, setPhase] = useState<ImportPhase>({ kind: "idle", notice: null });
  const run = useRef(0);
  const current = (id: number) => id === run.current;

  async function check(fileName: string, rows: WhitelistRow[], id = run.current) {
    setPhase({ kind: "checking", fileName, rows });
    try {
      const { data } = await service.send<{ accepted: number; errors: WhitelistRowError[] }>(validatorApi.whitelistCheck, { rows });
      if (current(id)) setPhase({ kind: "checked", fileName, rows, accepted: data.accepted, errors: data.errors });
    } catch (error) {
      if (current(id)) setPhase({ kind: "failed", fileName, rows, message: `检查失败，${errorText(error)}`, retry: "check" });
    }
  }

  async function choose(file: File) {
    const id = (run.current += 1);
    if (!isAcceptedName(importFiles, file.name)) return setPhase({ kind: "idle", notice: badFileText });
    setPhase({ kind: "reading", fileName: file.name });
    try {
      const sheet = await parseSheet(file, readBounds);
      if (!current(id)) return;
      if (sheet.truncated) return setPhase({ kind: "idle", notice: `每次最多导入${liveLimits.whitelistPerImport}条，请拆分文件后重新选择` });
      if (sheet.rows.length === 0) return setPhase({ kind: "idle", notice: "文件中没有可导入的数据（第一行为表头）" });
      await check(file.name, rowsOf(sheet), id);
    } catch (error) {
      if (current(id)) setPhase({ kind: "idle", notice: errorText(error) });
    }
  }

  async function confirm() {
    if (phase.kind !== "checked" && !(phase.kind === "failed" && phase.retry === "import")) return;
    const { fileName, rows } = phase;
    const id = run.current;
    setPhase({ kind: "importing", fileName, rows, accepted: phase.kind === "checked" ? phase.accepted : rows.length });
    try {
      const { data } = await service.send<{ added: number; errors: WhitelistRowError[] }>(validatorApi.whitelistImport, { rows });
      if (current(id)) setPhase({ kind: "done", added: data.added, errors: data.errors });
    } catch (error) {
      if (current(id)) setPhase({ kind: "failed", fileName, rows, message: `导入失败，${errorText(error)}`, retry: "import" });
    }
  }

  return {
    phase,
    choose,
    confirm,
    retry: () => (phase.kind === "failed" ? (phase.retry === "check" ? void check(phase.fileName, phase.rows) : void confirm()) : undefined),
    reset: () => {
      run.current += 1;
      setPhase({ kind: "idle", notice: null });
    },
  };
}
