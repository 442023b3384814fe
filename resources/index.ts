import type { ResourceDecl } from "./define";
import subadmin from "./subadmin";
import teacher from "./teacher";
import assistant from "./assistant";
import student from "./student";
import course from "./course";

export { subadmin, teacher, assistant, student };
export { course };

/** Every declared entity, in menu order: the engine, the server, Storybook and tests read this list. */
export const resources: readonly ResourceDecl[] = [
  subadmin, teacher, assistant, student,
  course,
];
