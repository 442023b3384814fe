import { lazy } from "react";
import type { EngineRegistry, ListPartProps } from "../../engine/registry";
import { DefaultPasswordWidget } from "./default-password-widget";
import { PersonSummary } from "./person-summary";

/**
 * What the users area lends the generated lists and forms (src/engine/registry.tsx): 批量导入 of
 * /studentop (1 §2.4), named `studentImport` by resources/users/student.ts, loading with its own chunk;
 * the add forms' `defaultPassword`, which says when a registered mobile keeps its password; and the
 * `personSummary` panel of /teacherInfo and /studentInfo (resources/users/detail.ts).
 */
export const userEngineParts: Partial<EngineRegistry> = {
  widgets: { defaultPassword: DefaultPasswordWidget },
  detailPanels: { personSummary: PersonSummary },
  listParts: {
    studentImport: lazy(() =>
      import("./student-import/student-import-button").then(({ StudentImportButton }) => ({
        default: ({ reload }: ListPartProps) => <StudentImportButton onImported={reload} />,
      })),
    ),
  },
};
