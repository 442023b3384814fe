import { useEffect, useState } from "react";
import course, { courseTypeOf, type CourseType } from "../../../resources/course";
import { call, errorText } from "../../../providers/http";

export interface OfferedTypes {
  /** Null until the server has answered. */
  types: CourseType[] | null;
  error: string | null;
}

/**
 * The course types the signed-in admin may create (1 §6), as the server decides them
 * (`GET /cms/coursetypes`), asked each time a create form opens. `enabled` false asks nothing.
 */
export function useOfferedTypes(enabled: boolean): OfferedTypes {
  const [offered, setOffered] = useState<OfferedTypes>({ types: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    call<number[]>(course.extra.offeredTypes)
      .then((codes) => live && setOffered({ types: (Array.isArray(codes) ? codes : []).flatMap((code) => courseTypeOf(code) ?? []), error: null }))
      .catch((error: unknown) => live && setOffered({ types: [], error: `班型加载失败：${errorText(error)}` }));
    return () => {
      live = false;
    };
  }, [enabled]);
  return offered;
}
