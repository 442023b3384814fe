import type { ResourceDecl } from "./kernel/define";
import type { JsonListPageDecl } from "./kernel/json-list";
import { jsonListPages } from "./live-commerce/pages";
import subadmin from "./users/subadmin";
import teacher from "./users/teacher";
import assistant from "./users/assistant";
import student from "./users/student";
import course from "./courses/course";
import live from "./lives/live";
import message from "./platform/message";
import productTemplate from "./lives/product-template";
import adTemplate from "./lives/ad-template";
import auditLog from "./platform/audit-log";
import emulateTemplate from "./lives/emulate-template";
import type { FormPageDecl } from "./kernel/form-page";
import { liveFormPages } from "./lives/forms";
import { changePasswordForm } from "./auth/forms";
import type { DetailDecl } from "./kernel/detail";
import { userDetails } from "./users/detail";
import type { CallScreenDecl } from "./kernel/call-list";
import type { PanelPageDecl } from "./kernel/panel-page";
import { timeMachinePage } from "./time-machine/page";
import { listeningData } from "./live-stats/listening-data";
import type { FrameDecl } from "./kernel/frame";
import { boundPapers } from "./tools/screens";
import { tools } from "./tools/tools";
import type { SingleDecl } from "./kernel/single";
import { liveSetting } from "./lives/live-setting";
import vodCourse from "./vod/vod-course";
import vodSession from "./vod/vod-session";
import rechargeRecord from "./billing/recharge-record";
import { costRecord, costRecordV2, costRecordV3 } from "./billing/cost-record";
import { balanceAlert, notifyPerson } from "./billing/alerts";
import { vodFormPages } from "./vod/forms";
import { billingFormPages } from "./billing/forms";
import { certificationFormPages } from "./certification/forms";
import { vodScreens } from "./vod/screens";
import type { RecordPageDecl } from "./kernel/record-page";
import { developerPage } from "./developer/page";
import type { TabbedFormsDecl } from "./kernel/tabbed-forms";
import { filterWordSingles } from "./filter-words/filter-words";
import { filterWordsPage } from "./filter-words/forms";
import { smartReminder, smartReminderForm } from "./reminders/smart-reminder";
import { pushConfig } from "./data-push/push-config";
import { pushConfigForm } from "./data-push/forms";
import { liveMonitor, streamRecSessions, userLiveStatus } from "./live-monitor/live-monitor";
import { chatManager, chatMonitor } from "./moderation/screens";

export { subadmin, teacher, assistant, student };
export { course, live, vodCourse, vodSession, message, productTemplate, adTemplate, auditLog, emulateTemplate, rechargeRecord, costRecord, costRecordV2 };

/** Every declared entity, in menu order: the engine, the server, Storybook and tests read this list. */
export const resources: readonly ResourceDecl[] = [
  rechargeRecord, costRecord, costRecordV2, costRecordV3, notifyPerson,
  subadmin, teacher, assistant, student,
  course, live,
  vodCourse, vodSession,
  productTemplate, adTemplate,
  message,
  emulateTemplate,
  chatMonitor,
  auditLog,
  liveMonitor, userLiveStatus, streamRecSessions,
];

/** Every organisation's settings record (resources/kernel/single.ts): the server engine serves each from its table. */
export const singles: readonly SingleDecl[] = [liveSetting, balanceAlert, ...filterWordSingles, smartReminder, pushConfig];

/** Every declared full-page form outside a resource (resources/kernel/form-page.ts): the engine draws each at its route. */
export const formPages: readonly FormPageDecl[] = [...liveFormPages, ...vodFormPages, ...billingFormPages, ...certificationFormPages, smartReminderForm, pushConfigForm, changePasswordForm];

/** Every declared admin page of single-record forms in tabs (resources/kernel/tabbed-forms.ts): the engine draws each at its route. */
export const tabbedPages: readonly (TabbedFormsDecl & { route: string })[] = [filterWordsPage];

/** Every declared detail page (a record's header of numbers over a report of its rows). */
export const details: readonly DetailDecl[] = [...userDetails];

/** Every declared frame page (the tools of 3 §2.5): the engine draws each at its route. */
export const frames: readonly FrameDecl[] = tools;

/** Every declared admin screen of a call's rows (/bindExamByLive): the engine draws each at its route. */
export const callScreens: readonly CallScreenDecl[] = [boundPapers, ...vodScreens, chatManager, listeningData];
/** Every declared page of one record with dialogs beside its fields (resources/kernel/record-page.ts): /appidop. */
export const recordPages: readonly RecordPageDecl[] = [developerPage];
/** Every declared page around an area's bespoke part (resources/kernel/panel-page.ts): /teaTimeMachine. */
export const panelPages: readonly PanelPageDecl[] = [timeMachinePage];

/** Pages of a list a record keeps as JSON text (resources/kernel/json-list.ts): a live's products and ads. */
export const jsonLists: readonly JsonListPageDecl[] = jsonListPages;
