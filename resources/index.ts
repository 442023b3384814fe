import type { ResourceDecl } from "./define";
import type { CallScreenDecl } from "./kernel/call-list";
import type { FrameDecl } from "./kernel/frame";
import { boundPapers } from "./tools/screens";
import { tools } from "./tools";
import subadmin from "./subadmin";
import teacher from "./teacher";
import assistant from "./assistant";
import student from "./student";
import course from "./course";
import live from "./live";
import message from "./message";
import productTemplate from "./product-template";
import adTemplate from "./ad-template";
import auditLog from "./audit-log";
import emulateTemplate from "./emulate-template";

export { subadmin, teacher, assistant, student };
export { course, live, message, productTemplate, adTemplate, auditLog, emulateTemplate };

/** Every declared entity, in menu order: the engine, the server, Storybook and tests read this list. */
export const resources: readonly ResourceDecl[] = [
  subadmin, teacher, assistant, student,
  course, live,
  productTemplate, adTemplate,
  message,
  emulateTemplate,
  auditLog,
];

/** Every declared frame page (the tools of 3 §2.5): the engine draws each at its route. */
export const frames: readonly FrameDecl[] = tools;

/** Every declared admin screen of a call's rows (/bindExamByLive): the engine draws each at its route. */
export const callScreens: readonly CallScreenDecl[] = [boundPapers];
