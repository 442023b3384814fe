import { lazy } from "react";
import type { EngineRegistry, ListPartProps } from "../../engine/registry";

/**
 * What the users area lends the generated lists (src/engine/registry.tsx): 批量导入 of /studentop
 * (1 §2.4), named `studentImport` by resources/student.ts; it loads with its own chunk.
 */
export const userEngineParts: Partial<EngineRegistry> = {
  listParts: {
    studentImport: lazy(() =>
      import("./student-import/student-import-button").then(({ StudentImportButton }) => ({
        default: ({ reload }: ListPartProps) => <StudentImportButton onImported={reload} />,
      })),
    ),
  },
};
