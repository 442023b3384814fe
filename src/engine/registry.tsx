import type { BaseRecord } from "@refinedev/core";
import type { RegistryWidgetsType } from "@rjsf/utils";
import { createContext, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import type { RowActionPart } from "./row-action-parts";
import type { FormPanelProps, FormSetup } from "./form-page-parts";

/** Screens by route, each loading with its own chunk; the engine's and every area's. */
export type PageMap = Record<string, LazyExoticComponent<ComponentType>>;

/** What a toolbar part gets from the list it sits in. */
export interface ListPartProps {
  /** Reloads the list (after an import has added records, say). */
  reload: () => void;
  /** On a declared list page (resources/kernel/list-pages.ts): its address parameters and its record's fields. */
  params?: Readonly<Record<string, unknown>>;
  /** In a call's list (src/engine/call-table.tsx): the rows shown. */
  rows?: readonly BaseRecord[];
  /** In a call's list: how many rows the call has in all. */
  total?: number;
  /** In a call's list that chooses rows (`select`): the chosen rows' keys, and a way to choose others. */
  selection?: { keys: readonly string[]; set: (keys: string[]) => void };
}

/** What a bespoke part a row action opens (a dialog) gets: the row, kept after closing so it can animate out. */
export interface RowPartProps {
  row: BaseRecord;
  open: boolean;
  onClose: () => void;
}

/** What a detail page's panel gets: the record the address names (its subject filled in) and whether it is still loading. */
export interface DetailPanelProps {
  record: Record<string, unknown>;
  loading: boolean;
  /** What the person is called, the name to show when none is known (老师). */
  noun: string;
}

/** What a named cell or row action of a call's list gets: its row, and the list's parameters and state. */
export interface CallRowPartProps extends ListPartProps {
  row: BaseRecord;
  params: Readonly<Record<string, string | number>>;
  /** When the rows last arrived (epoch ms): a countdown counts from it. */
  updatedAt: number;
  /** In a master list (a call screen's `detail`): `label` as the link choosing this row. */
  choose?: (label: ReactNode) => ReactNode;
}

/**
 * What the areas outside the engine (src/features/*) lend it by name, so the engine never imports
 * them: a declaration names a toolbar part (`toolbar` in resources/kernel/define.ts) or a form widget
 * (`"ui:widget"` in a `*.ui.json`), and the app hands the engine the parts it registered.
 */
export interface EngineRegistry {
  /** Bespoke parts a list's toolbar shows beside 添加 (e.g. `studentImport`); lazy ones load with their list. */
  listParts: Record<string, ComponentType<ListPartProps>>;
  /** Form widgets beyond the engine's own, for every generated form. */
  widgets: RegistryWidgetsType;
  /** Row actions a declaration names (`actions`) that open an area's dialog for the row (a course's 学员管理). */
  rowActions: Record<string, RowActionPart>;
  /** Panels a full-page form declaration places above the form or under a section (resources/kernel/form-page.ts). */
  panels: Record<string, ComponentType<FormPanelProps>>;
  /** What a full-page form declaration's `setup` names: a hook shaping the form from what other calls say. */
  formSetups: Record<string, FormSetup>;
  /** The record's part of a detail page (`record.panel` in resources/kernel/detail.ts), e.g. `personSummary`. */
  detailPanels: Record<string, ComponentType<DetailPanelProps>>;
  /** Bespoke parts a declared row action opens by name (`part` in resources/kernel/row-actions.ts); lazy ones load when first opened. */
  rowParts: Record<string, ComponentType<RowPartProps>>;
  /** Cells a call's list names (`cell` of a column), e.g. the portal's `roomEntry`. */
  callCells: Record<string, ComponentType<CallRowPartProps>>;
  /** Row actions a call's list names (`actions`), e.g. `paperUnbind`. */
  callRowActions: Record<string, ComponentType<CallRowPartProps>>;
  /** What a full-page form shows after saving when its `after` names a part (the recharge's payment). */
  savedParts: Record<string, ComponentType<SavedPartProps>>;
  /** The body of a declared panel page (`part` in resources/kernel/panel-page.ts), e.g. the time machine's `timeMachine`. */
  pageParts: Record<string, ComponentType<PagePartProps>>;
}

/** What a declared page's bespoke part gets (resources/kernel/panel-page.ts): the address's parameters it needs. */
export interface PagePartProps {
  params: Readonly<Record<string, number>>;
}

/** What a part shown after a form's save gets: the call's answer, the values sent, and how to close it. */
export interface SavedPartProps {
  answer: unknown;
  values: Readonly<Record<string, unknown>>;
  onClose: () => void;
}

const kinds = ["listParts", "widgets", "rowActions", "panels", "formSetups", "detailPanels", "rowParts", "callCells", "callRowActions", "savedParts", "pageParts"] as const;
const emptyRegistry = (): EngineRegistry => ({ listParts: {}, widgets: {}, rowActions: {}, panels: {}, formSetups: {}, detailPanels: {}, rowParts: {}, callCells: {}, callRowActions: {}, savedParts: {}, pageParts: {} });

/**
 * One registry from each area's contribution. A name given twice is a mistake two areas would
 * only notice on screen, so it throws here instead.
 */
export function createEngineRegistry(...parts: Partial<EngineRegistry>[]): EngineRegistry {
  const merged = emptyRegistry();
  for (const part of parts) {
    for (const kind of kinds) {
      for (const [name, value] of Object.entries(part[kind] ?? {})) {
        if (name in merged[kind]) throw new Error(`engine registry: ${kind} "${name}" is registered twice`);
        (merged[kind] as Record<string, unknown>)[name] = value;
      }
    }
  }
  return merged;
}

const RegistryContext = createContext<EngineRegistry>(emptyRegistry());

/** Hands the engine the app's registry (src/app wires each area's parts in). */
export function EngineRegistryProvider({ registry, children }: { registry: EngineRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export const useEngineRegistry = (): EngineRegistry => useContext(RegistryContext);
