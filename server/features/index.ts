import type { Feature } from "../engine/calls";
import courses from "./courses/courses";
import portal from "./portal/portal";
import stats from "./stats/stats";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [courses, portal, stats];
