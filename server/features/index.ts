import type { Feature } from "../engine/calls";
import auth from "./auth/auth";
import billing from "./billing/billing";
import certification from "./certification/certification";
import cloudDisk from "./cloud-disk/cloud-disk";
import developer from "./developer/developer";
import courses from "./courses/courses";
import dataPush from "./data-push/data-push";
import courseStudents from "./courses/students";
import upload from "./courses/upload";
import lives from "./lives";
import liveMonitor from "./live-monitor/live-monitor";
import liveStats from "./live-stats/live-stats";
import liveCommerce from "./live-commerce/live-commerce";
import platform from "./platform/platform";
import portal from "./portal/portal";
import reminders from "./reminders/reminders";
import rooms from "./rooms/rooms";
import moderation from "./moderation/moderation";
import stats from "./stats/stats";
import timeMachine from "./time-machine/time-machine";
import tools from "./tools/tools";
import { userFeatures } from "./users/users";
import userStats from "./users/user-stats";
import vod from "./vod/vod";
import vodSessions from "./vod/sessions";

/** Every feature's declared calls with their handlers; server/app.ts hands them to the engine. */
export const features: readonly Feature[] = [auth, billing, certification, cloudDisk, courses, developer, courseStudents, dataPush, upload, lives, liveCommerce, liveMonitor, liveStats, platform, portal, reminders, rooms, moderation, stats, timeMachine, tools, ...userFeatures, userStats, vod, vodSessions];
