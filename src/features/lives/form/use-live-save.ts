import type { FormPageDecl } from "../../../../resources/kernel/form-page";
import { liveChangeForm, liveCreateForm } from "../../../../resources/lives/forms";
import { formSaveFailureText } from "../../../engine/form-save-failure";

/**
 * What a refused add or change of a live tells a person (2 §8), as the live form's declarations
 * say it (resources/lives/forms.ts), for the sub-class form that adds and changes lives too.
 */
export const saveFailureText = (mode: "create" | "edit", error: unknown): string | null =>
  formSaveFailureText((mode === "create" ? liveCreateForm : (liveChangeForm as FormPageDecl)).save.failure, error);
