import type { OrgScope } from "../engine/org-scope";
import { portalLimits, type GroupMessagesAnswer, type MessageGroup, type PortalMessage } from "../../resources/portal/portal";
import { formatDateTime } from "./datetime";

/**
 * The portal's messages: the organisation's admin messages (/messageop, resources/platform/message.ts) read
 * by its teachers, assistants and students. A session acts for one identity in one organisation,
 * so the person's message groups are that organisation's; a person who also studies elsewhere reads
 * that school's messages after choosing that identity, as with its lives.
 */
export async function messageGroups(scope: OrgScope): Promise<MessageGroup[]> {
  const [org, last] = await Promise.all([
    scope.shared.selectFrom("organisations").select(["id", "name"]).where("id", "=", scope.orgId).executeTakeFirstOrThrow(),
    scope.selectFrom("admin_messages").select(["msg", "created_at"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst(),
  ]);
  return [{ id: org.id, name: org.name, lastMsg: last?.msg ?? "", lastTime: last ? formatDateTime(last.created_at) : "" }];
}

/**
 * A page of the organisation's messages older than `before` (epoch ms), newest first. The cursor is
 * a time (the spec's `ts`), so a page never ends inside a millisecond: the messages sharing the
 * last one's millisecond come on the same page, else the next page, older than it, would skip them.
 */
export async function groupMessages(scope: OrgScope, before: number | undefined): Promise<Pick<GroupMessagesAnswer, "messages" | "next">> {
  const page = portalLimits.messagePage;
  let q = scope.selectFrom("admin_messages").select(["id", "msg", "created_at"]);
  if (before !== undefined) q = q.where("created_at", "<", before);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(page + 1).execute();
  const more = rows.length > page;
  const shown = rows.slice(0, page);
  if (more && rows[page].created_at === rows[page - 1].created_at) {
    const last = shown[page - 1];
    const sameTime = await scope
      .selectFrom("admin_messages")
      .select(["id", "msg", "created_at"])
      .where("created_at", "=", last.created_at)
      .where("id", "<", last.id)
      .orderBy("id", "desc")
      .execute();
    shown.push(...sameTime);
  }
  const messages: PortalMessage[] = shown.map((r) => ({ Id: r.id, Msg: r.msg, CreateTime: formatDateTime(r.created_at) }));
  return { messages, next: more ? shown[shown.length - 1].created_at : null };
}
