import { userStatApi } from "../../../../resources/users/user-stats";
import { useCall } from "../../../lib/use-call";
import { livePayload, type LiveQuery } from "./live-query";
import {
  checksOf,
  coursesOf,
  livePageOf,
  livesEndpoint,
  livesOf,
  personOf,
  subjectPayload,
  type DetailStats,
  type DetailSubject,
  type LivePage,
  type Loaded,
  type PersonInfo,
} from "./user-stats-client";

type Answer = Record<string, unknown>;

export interface PersonSummaryState {
  person: Loaded<PersonInfo> | undefined;
  stats: Loaded<DetailStats> | undefined;
  /** The organisation has no such person of the page's role (记录不存在), which no default stands in for. */
  missing: boolean;
  loading: boolean;
  retry: () => void;
}

/**
 * The head of a detail page: who it is and the numbers. A teacher's stats come in one call, a
 * student's in three; each part falls back to its default on its own (1 §8), so only a person
 * the server does not know stops the page. Calls are cached by Refine, so coming back is instant.
 */
export function usePersonSummary(subject: DetailSubject): PersonSummaryState {
  const payload = subjectPayload(subject);
  const teacher = subject.kind === "teacher";
  const info = useCall<Answer>(userStatApi.userInfo, payload);
  const teacherStats = useCall<Answer>(userStatApi.teacherCourseLive, payload, { enabled: teacher });
  const courses = useCall<Answer>(userStatApi.studentCourse, payload, { enabled: !teacher });
  const lives = useCall<Answer>(userStatApi.studentLive, payload, { enabled: !teacher });
  const checks = useCall<Answer>(userStatApi.studentCheck, payload, { enabled: !teacher });
  const parts = teacher ? [info, teacherStats] : [info, courses, lives, checks];
  const settled = parts.every((part) => part.answer || part.error);

  const statsParts = teacher ? [teacherStats, teacherStats, teacherStats] : [courses, lives, checks];
  const [c, l, k] = statsParts.map((part) => (part.error ? undefined : part.answer?.data));
  return {
    person: settled ? { value: personOf(subject, info.error ? undefined : info.answer?.data), failed: !!info.error } : undefined,
    stats: settled
      ? { value: { courses: coursesOf(c), lives: livesOf(l), checks: checksOf(k) }, failed: statsParts.some((part) => !!part.error) }
      : undefined,
    missing: info.error?.statusCode === 404,
    loading: parts.some((part) => part.loading),
    retry: () => parts.forEach((part) => part.retry()),
  };
}

export interface LivesState {
  page: LivePage | undefined;
  failed: boolean;
  loading: boolean;
  retry: () => void;
}

/** One page of the person's lives, the search call when a filter is set; the last page stays shown while the next loads. */
export function useLives(subject: DetailSubject, query: LiveQuery): LivesState {
  const lives = useCall<unknown>(livesEndpoint(subject, query), { ...subjectPayload(subject), ...livePayload(query) }, { keepPrevious: true });
  return {
    page: lives.answer && livePageOf(lives.answer.data, lives.answer.count),
    failed: !!lives.error,
    loading: lives.loading,
    retry: lives.retry,
  };
}
