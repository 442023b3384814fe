import type { OrgScope } from "../engine/org-scope";
import { portalLimits, type GroupMessagesAnswer, type MessageGroup, type PortalMessage } from "../../resources/portal";
import { formatDateTime } from "./datetime";

/**
 * The portal's messages: the organisation's admin messages (/messageop, resources/message.ts) read
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

/** A page of the organisation's messages older than `before` (epoch ms), newest first. */
export async function groupMessages(scope: OrgScope, before: number | undefined): Promise<Pick<GroupMessagesAnswer, "messages" | "next">> {
  let q = scope.selectFrom("admin_messages").select(["id", "msg", "created_at"]);
  if (before !== undefined) q = q.where("created_at", "<", before);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(portalLimits.messagePage + 1).execute();
  const messages: PortalMessage[] = rows.slice(0, portalLimits.messagePage).map((r) => ({ Id: r.id, Msg: r.msg, CreateTime: formatDateTime(r.created_at) }));
  const more = rows.length > portalLimits.messagePage;
  return { messages, next: more ? rows[portalLimits.messagePage - 1].created_at : null };
}
