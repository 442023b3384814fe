import { Flex } from "antd";
import { useCallback, type ReactNode } from "react";
import { LiveSection } from "./live-section";
import { MissingPerson, type MissingPersonProps } from "./missing-person";
import { PersonSummary, type SummaryLabels } from "./person-summary";
import { useLoad } from "./use-load";
import { loadPerson, loadStats, type DetailSubject } from "./user-stats-client";

interface DetailPageProps {
  /** Memoised by the caller: a new object reloads everything. */
  subject: DetailSubject;
  labels: SummaryLabels;
  /** What to say when the organisation has no such person of the page's role. */
  notFound: MissingPersonProps;
  extra?: ReactNode;
}

/** The shared layout of /teacherInfo and /studentInfo (1 §2.4). */
export function DetailPage({ subject, labels, notFound, extra }: DetailPageProps) {
  // Both loaders fall back to defaults on failure (1 §8), so this never rejects.
  const load = useCallback(() => Promise.all([loadPerson(subject), loadStats(subject)]), [subject]);
  const summary = useLoad(load);
  const [person, stats] = summary.data ?? [];
  // Zeros under a default name would pass someone unknown (or of another role) off as a person.
  if (person?.missing) return <MissingPerson {...notFound} />;

  return (
    <Flex vertical gap={16}>
      <PersonSummary person={person} stats={stats} labels={labels} loading={summary.loading} onRetry={summary.reload} extra={extra} />
      <LiveSection subject={subject} />
    </Flex>
  );
}
