/** The form validators compiled at build time from schemas/ (scripts/lib/form-validators.ts). */
declare module "virtual:form-validators" {
  import type { ValidatorFunctions } from "@rjsf/validator-ajv8";

  const validators: ValidatorFunctions;
  export default validators;
}
