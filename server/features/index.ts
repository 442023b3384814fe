import type { Feature } from "../engine/calls";
import courses from "./courses/courses";
import lives from "./lives";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [courses, lives];
