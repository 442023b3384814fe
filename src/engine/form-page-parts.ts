import type { BaseRecord } from "@refinedev/core";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { FormPageDecl } from "../../resources/kernel/form-page";
import type { FormDefinition } from "./form-schemas";
import type { FormValues } from "./form-values";

/** What a named panel of a full-page form gets: the form's current values, the address's numbers, the record read. */
export interface FormPanelProps {
  values: FormValues;
  params: Record<string, number>;
  record?: BaseRecord;
}

export interface FormSetupInput {
  kind: FormPageDecl["kind"];
  params: Record<string, number>;
  record?: BaseRecord;
  /** The resource a resource's own page saves through (its fields name the record's). */
  resource?: ResourceDecl;
  definition: FormDefinition;
}

export type FormSetupState =
  | { status: "loading" }
  | { status: "failed"; title: string; message: string; retry: () => void }
  | { status: "ready"; definition: FormDefinition; initialData: FormValues };

/**
 * A named setup: a hook (called on every render of the page, always the same one for a page)
 * turning the definition and the record into the form to draw. Its answer must stay the same
 * object while nothing it depends on changes: the form is uncontrolled, and new initial values
 * would refill it.
 */
export type FormSetup = (input: FormSetupInput) => FormSetupState;
