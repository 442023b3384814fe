import type { Feature } from "../engine/calls";
import cloudDisk from "./cloud-disk/cloud-disk";
import courses from "./courses/courses";
import rooms from "./rooms/rooms";
import tools from "./tools/tools";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [cloudDisk, courses, rooms, tools];
