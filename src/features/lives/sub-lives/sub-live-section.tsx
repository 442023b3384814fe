import { Flex, Typography } from "antd";
import { useState } from "react";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { OperationHandlers } from "../operations/operations-cell";
import { SubLiveTable } from "./sub-live-table";

/**
 * An expanded double-teacher main classroom's sub-classes (2 §2: type 5, master 0), under its own
 * header, paged in place (the list's address keeps the list's own page).
 */
export function SubLiveSection({ master, handlers }: { master: LiveRecord; handlers: OperationHandlers }) {
  const [place, setPlace] = useState({ page: 1, pageSize: 10 });
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} role="region" aria-label={`${master.Title}的子班级`}>
      <Typography.Text strong>子班级</Typography.Text>
      <SubLiveTable master={{ id: master.Id, courseId: master.CourseId }} place={{ ...place, go: setPlace }} handlers={handlers} size="small" />
    </Flex>
  );
}
