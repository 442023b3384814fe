import { useState } from "react";

/** What a dialog of one record is opened on (a course, a live): its id and title, and its seats where it has a bound. */
export interface DialogOwner {
  id: number;
  title: string;
  /** How many it may hold (resources/courses/course.ts courseSeats); null or absent for no bound. */
  seats?: number | null;
}

/** The owner a dialog shows: the last one it was opened on, so the title stays while it fades out. */
export function useShownOwner<T extends DialogOwner>(owner: T | null): T | null {
  const [shown, setShown] = useState(owner);
  if (owner && owner !== shown) setShown(owner);
  return owner ?? shown;
}
