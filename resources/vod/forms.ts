import { liveApi, liveCourseKeys, liveMessages } from "../lives/live-api";
import { liveCreateForm, liveChangeForm } from "../lives/forms";
import { defineFormPage } from "../kernel/form-page";
import vodSession from "./vod-session";
import { vodKeys } from "./vod-course";
import { changeRecordPage, createRecordPage, vodPages } from "./routes";

/** Back to the course's sessions, or to /vodop; opened from an address, the course's sessions. */
const sessionBack = [`${vodPages.recordvoditemop.route}?courseId={courseId}`, vodSession.route];
const sessionKeys = [...vodKeys, ...liveCourseKeys];

/**
 * /createRecordInfo?courseId&courseType (3 §2.1, §5): a recorded session is a live of a recorded
 * course, so its form is the live's (live.create: 直播标题不能为空, 直播标题不能超过60字, 请选择开始时间,
 * end = begin + 1 minute, 结束时间要大于开始时间, 直播时间不能超过一天), saved by the live's call.
 */
export const recordCreateForm = defineFormPage({
  ...liveCreateForm,
  ...createRecordPage,
  access: sessionKeys,
  required: { param: "courseId", missing: "未指定课程，请从录播课程的课节列表进入" },
  save: { ...liveCreateForm.save, call: liveApi.create, failure: { ...liveCreateForm.save.failure, text: liveMessages.createFailed } },
  back: sessionBack,
});

/** /changeRecordInfo?liveId&courseId&courseType: the live's change form; a started session keeps its begin (the server's rule). */
export const recordChangeForm = defineFormPage({
  ...liveChangeForm,
  ...changeRecordPage,
  access: sessionKeys,
  required: { param: "liveId", missing: "未指定课节，请从录播课节列表进入" },
  back: sessionBack,
});

export const vodFormPages = [recordCreateForm, recordChangeForm];
