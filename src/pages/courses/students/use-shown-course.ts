import { useState } from "react";

export interface CourseRef {
  id: number;
  title: string;
}

/** The course a dialog shows: the last one it was opened on, so the title stays while it fades out. */
export function useShownCourse(course: CourseRef | null): CourseRef | null {
  const [shown, setShown] = useState(course);
  if (course && course !== shown) setShown(course);
  return course ?? shown;
}
