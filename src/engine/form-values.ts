import type { Registry } from "@rjsf/utils";
import { useSyncExternalStore } from "react";

/** A form's values by field name. */
export type FormValues = Record<string, unknown>;

/**
 * A form's live values for the widgets whose field depends on another (a course's maximum users
 * on its type). RJSF hands a widget its own value only; the form puts this store in its
 * `formContext` as `values`, and only the widgets that read a field re-render when it changes.
 */
export class FormValueStore {
  private listeners = new Set<() => void>();
  /** Widgets still at work (an upload), by widget id, with what to tell a person who submits meanwhile. */
  private readonly working = new Map<string, string>();

  constructor(
    private values: FormValues,
    private readonly setField: (field: string, value: unknown) => void,
  ) {}

  get = (): FormValues => this.values;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The form changed (RJSF's onChange). */
  publish(values: FormValues) {
    this.values = values;
    for (const listener of this.listeners) listener();
  }

  /** A widget starts (a reason) or ends (null) work the form must not be submitted during. */
  setWorking(widget: string, reason: string | null) {
    if (reason) this.working.set(widget, reason);
    else this.working.delete(widget);
  }

  /** Why the form cannot be submitted yet, or null. */
  notReady = (): string | null => this.working.values().next().value ?? null;

  /** Changes another field, as if the person had. */
  set(field: string, value: unknown) {
    this.setField(field, value);
  }
}

/** The store of the form a widget sits in, when the form gives one. */
export const formValuesOf = (registry: Registry): FormValueStore | undefined =>
  (registry.formContext as { values?: FormValueStore } | undefined)?.values;

const noStore = () => () => undefined;

/** Another field's current value, for a widget; re-renders the widget when it changes. */
export function useFieldValue<T>(registry: Registry, field: string): T | undefined {
  const store = formValuesOf(registry);
  return useSyncExternalStore(store?.subscribe ?? noStore, () => store?.get()[field] as T | undefined);
}
