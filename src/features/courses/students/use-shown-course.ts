import { useState } from "react";

export interface CourseRef {
  id: number;
  title: string;
  /** How many students it may have (resources/courses/course.ts courseSeats); null or absent for no bound. */
  seats?: number | null;
}

/** The course (or live) a dialog shows: the last one it was opened on, so the title stays while it fades out. */
export function useShownCourse<T extends CourseRef>(course: T | null): T | null {
  const [shown, setShown] = useState(course);
  if (course && course !== shown) setShown(course);
  return course ?? shown;
}
