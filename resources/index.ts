import type { ResourceDecl } from "./define";
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
import type { DetailDecl } from "./kernel/detail";
import { userDetails } from "./users/detail";

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

/** Every declared detail page (a record's header of numbers over a report of its rows). */
export const details: readonly DetailDecl[] = [...userDetails];
