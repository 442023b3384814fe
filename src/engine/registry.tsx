import type { BaseRecord } from "@refinedev/core";
import type { RegistryWidgetsType } from "@rjsf/utils";
import { createContext, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

/** Screens by route, each loading with its own chunk; the engine's and every area's. */
export type PageMap = Record<string, LazyExoticComponent<ComponentType>>;

/** What a toolbar part gets from the list it sits in. */
export interface ListPartProps {
  /** Reloads the list (after an import has added records, say). */
  reload: () => void;
  /** In a call's list (src/engine/call-table.tsx): the screen's parameters (a live, its token) and the rows shown. */
  params?: Readonly<Record<string, string | number>>;
  rows?: readonly BaseRecord[];
}

/** What a named cell or row action of a call's list gets: its row, and the list's parameters and state. */
export interface RowPartProps extends ListPartProps {
  row: BaseRecord;
  params: Readonly<Record<string, string | number>>;
  /** When the rows last arrived (epoch ms): a countdown counts from it. */
  updatedAt: number;
}

/**
 * What the areas outside the engine (src/pages/*) lend it by name, so the engine never imports
 * them: a declaration names a toolbar part (`toolbar` in resources/define.ts) or a form widget
 * (`"ui:widget"` in a `*.ui.json`), and the app hands the engine the parts it registered.
 */
export interface EngineRegistry {
  /** Bespoke parts a list's toolbar shows beside 添加 (e.g. `studentImport`); lazy ones load with their list. */
  listParts: Record<string, ComponentType<ListPartProps>>;
  /** Form widgets beyond the engine's own, for every generated form. */
  widgets: RegistryWidgetsType;
  /** Cells a call's list names (`cell` of a column), e.g. the portal's `roomEntry`. */
  cells: Record<string, ComponentType<RowPartProps>>;
  /** Row actions a call's list names (`actions`), e.g. `paperUnbind`. */
  rowActions: Record<string, ComponentType<RowPartProps>>;
}

const kinds = ["listParts", "widgets", "cells", "rowActions"] as const;
const emptyRegistry: EngineRegistry = { listParts: {}, widgets: {}, cells: {}, rowActions: {} };

/**
 * One registry from each area's contribution. A name given twice is a mistake two areas would
 * only notice on screen, so it throws here instead.
 */
export function createEngineRegistry(...parts: Partial<EngineRegistry>[]): EngineRegistry {
  const merged: EngineRegistry = { listParts: {}, widgets: {}, cells: {}, rowActions: {} };
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

const RegistryContext = createContext<EngineRegistry>(emptyRegistry);

/** Hands the engine the app's registry (src/app wires each area's parts in). */
export function EngineRegistryProvider({ registry, children }: { registry: EngineRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export const useEngineRegistry = (): EngineRegistry => useContext(RegistryContext);
