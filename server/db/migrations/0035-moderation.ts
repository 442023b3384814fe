import type { Kysely } from "kysely";

/**
 * Chat moderation (issue 20 item 1, 2 §4, §7 chat reply): `room_chats.to_key`, the viewer a
 * moderator's reply is for (the reply's `userid`), shown only to that viewer and the staff; null
 * for every other message, which the room shows to all (or, held, to its author and the staff).
 * The chat monitor's unreviewed counts per live read the index `room_chats_review` (live, review, id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("room_chats").addColumn("to_key", "varchar(40)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("room_chats").dropColumn("to_key").execute();
}
