import type { OrgScope } from "../../engine/org-scope";
import { newPushSecret } from "./signature";

/** The organisation's push secret, made at its first reading (two first readings at once keep the first one made). */
export async function pushSecretOf(scope: OrgScope): Promise<string> {
  const found = await scope.selectFrom("push_secrets").select("secret").executeTakeFirst();
  if (found) return found.secret;
  await scope.insertInto("push_secrets", { secret: newPushSecret(), created_at: Date.now() }).onConflict((oc) => oc.column("org_id").doNothing()).execute();
  return (await scope.selectFrom("push_secrets").select("secret").executeTakeFirstOrThrow()).secret;
}

/** A new secret replaces the old one; deliveries from now on are signed with it. */
export async function resetPushSecret(scope: OrgScope): Promise<string> {
  const secret = newPushSecret();
  await scope.transaction(async (tx) => {
    await tx.insertInto("push_secrets", { secret, created_at: Date.now() }).onConflict((oc) => oc.column("org_id").doUpdateSet({ secret, created_at: Date.now() })).execute();
  });
  return secret;
}
