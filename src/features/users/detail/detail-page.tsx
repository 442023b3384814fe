import { Flex } from "antd";
import type { ReactNode } from "react";
import { LiveSection } from "./live-section";
import { MissingPerson, type MissingPersonProps } from "./missing-person";
import { PersonSummary, type SummaryLabels } from "./person-summary";
import { usePersonSummary } from "./use-detail";
import type { DetailSubject } from "./user-stats-client";

interface DetailPageProps {
  subject: DetailSubject;
  labels: SummaryLabels;
  /** What to say when the organisation has no such person of the page's role. */
  notFound: MissingPersonProps;
  extra?: ReactNode;
}

/** The shared layout of /teacherInfo and /studentInfo (1 §2.4). */
export function DetailPage({ subject, labels, notFound, extra }: DetailPageProps) {
  const summary = usePersonSummary(subject);
  // Zeros under a default name would pass someone unknown (or of another role) off as a person.
  if (summary.missing) return <MissingPerson {...notFound} />;

  return (
    <Flex vertical gap={16}>
      <PersonSummary person={summary.person} stats={summary.stats} labels={labels} loading={summary.loading} onRetry={summary.retry} extra={extra} />
      <LiveSection subject={subject} />
    </Flex>
  );
}
