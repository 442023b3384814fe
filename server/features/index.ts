import type { Feature } from "../engine/calls";
import auth from "./auth/auth";
import billing from "./billing/pay-result";
import courses from "./courses/courses";
import platform from "./platform/platform";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [auth, billing, courses, platform];
