import codeRequestSchema from "../../../schemas/auth/login.code-request.schema.json";
import passwordSchema from "../../../schemas/auth/login.password.schema.json";
import quickSchema from "../../../schemas/auth/login.quick.schema.json";
import { fieldProblem, schemaRules } from "../../engine/light-rules";

export const passwordRules = schemaRules(passwordSchema);
export const quickRules = schemaRules(quickSchema);
/** The graphic captcha, whenever it is shown, is required (1 §5). */
export const captchaRules = schemaRules(codeRequestSchema).authcode;

/** The message for a missing or wrong graphic captcha, or null when it will do. */
export const captchaProblem = (authcode: string | undefined) => fieldProblem(codeRequestSchema, "authcode", { authcode });
