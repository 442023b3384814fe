import { useMemo } from "react";
import course, { courseTypeOf, type CourseType } from "../../../resources/courses/course";
import { errorText } from "../../../providers/http";
import { useCall } from "../../lib/use-call";

export interface OfferedTypes {
  /** Null until the server has answered. */
  types: CourseType[] | null;
  error: string | null;
}

/**
 * The course types the signed-in admin may create (1 §6), as the server decides them
 * (`GET /cms/coursetypes`), through Refine's `useCustom`: a create form opened again shows the
 * last answer at once and asks again behind it. `enabled` false asks nothing.
 */
export function useOfferedTypes(enabled: boolean): OfferedTypes {
  const { answer, error } = useCall<number[]>(course.extra.offeredTypes, undefined, { enabled });
  const codes = answer?.data;
  const types = useMemo(() => (codes === undefined ? null : (Array.isArray(codes) ? codes : []).flatMap((code) => courseTypeOf(code) ?? [])), [codes]);
  if (error && types === null) return { types: [], error: `班型加载失败：${errorText(error)}` };
  return { types, error: null };
}
