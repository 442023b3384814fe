import { authCalls } from "../../../resources/auth/calls";
import { defineFeature, type FeatureCtx, type Handler } from "../../engine/calls";
import identityHandlers from "./identity";
import registrationHandlers from "./registration";
import signInHandlers from "./sign-in";

/** A part of the feature's handlers: each file answers some of `authCalls`, and the three together answer all. */
export type AuthPart = (ctx: FeatureCtx) => Partial<Record<keyof typeof authCalls.calls, Handler>>;

/** Sign-in, identity choice, registration and password changes (1 §3, §4, §6). */
export default defineFeature({
  group: authCalls,
  handlers: (ctx) => ({ ...signInHandlers(ctx), ...identityHandlers(ctx), ...registrationHandlers(ctx) }),
});
