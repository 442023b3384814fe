import type { Feature } from "../engine/calls";
import auth from "./auth/auth";
import billing from "./billing/pay-result";
import courses from "./courses/courses";
import courseStudents from "./courses/students";
import upload from "./courses/upload";
import lives from "./lives";
import platform from "./platform/platform";
import { userFeatures } from "./users/users";
import userStats from "./users/user-stats";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [auth, billing, courses, courseStudents, upload, lives, platform, ...userFeatures, userStats];
