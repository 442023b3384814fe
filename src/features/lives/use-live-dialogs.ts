import { useCallback, useMemo, useState } from "react";
import { courseSeats } from "../../../resources/courses/course";
import type { LiveRecord } from "../../../resources/lives/live-api";
import type { ShareMode } from "./dialogs/share-links";

/**
 * A dialog open for one value (a live); mounted from its first opening on, so it can animate closed
 * showing `last`, the value it was last opened on.
 */
export function useDialog<T>() {
  const [shown, setShown] = useState<T | null>(null);
  const [last, setLast] = useState<T | null>(null);
  const open = useCallback((value: T) => {
    setLast(value);
    setShown(value);
  }, []);
  const close = useCallback(() => setShown(null), []);
  return { shown, last, used: last !== null, open, close };
}

/** A live as the student dialogs name it: its id, title and course. */
export const liveRefOf = (live: LiveRecord) => ({ id: live.Id, title: live.Title, courseId: live.CourseId, seats: courseSeats(live.CourseType, live.CourseMaxUsers) });

/** The dialogs of a live's row operations (2 §2), and the handlers that open them, by operation name. */
export function useLiveDialogs() {
  const students = useDialog<ReturnType<typeof liveRefOf>>();
  const enrol = useDialog<ReturnType<typeof liveRefOf>>();
  const share = useDialog<{ live: LiveRecord; mode: ShareMode }>();
  const initNum = useDialog<LiveRecord>();
  const verification = useDialog<{ id: number; title: string }>();
  const { open: openStudents } = students;
  const { open: openEnrol } = enrol;
  const { open: openShare } = share;
  const { open: openInitNum } = initNum;
  const { open: openVerification } = verification;
  const handlers = useMemo(
    () => ({
      students: (live: LiveRecord) => openStudents(liveRefOf(live)),
      enrol: (live: LiveRecord) => openEnrol(liveRefOf(live)),
      share: (live: LiveRecord) => openShare({ live, mode: "all" }),
      shareLive: (live: LiveRecord) => openShare({ live, mode: "live" }),
      shareReplay: (live: LiveRecord) => openShare({ live, mode: "replay" }),
      initNum: (live: LiveRecord) => openInitNum(live),
      verification: (live: LiveRecord) => openVerification({ id: live.Id, title: live.Title }),
    }),
    [openStudents, openEnrol, openShare, openInitNum, openVerification],
  );
  return { students, enrol, share, initNum, verification, handlers };
}
