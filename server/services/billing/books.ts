import type { OrgScope } from "../../engine/org-scope";

/**
 * The organisation's balance beside the sum and count of its ledger (issue 19 item 10's 核对账目),
 * read as of one moment: on PostgreSQL the organisation's row is share-locked first, and every
 * movement takes that row's update lock before writing its ledger row (server/engine/ledger.ts),
 * so a movement is either committed before both reads or waits until after them. SQLite's
 * transaction reads one snapshot.
 */
export function booksOf(scope: OrgScope): Promise<{ balanceMilli: number; ledgerMilli: number; rows: number }> {
  return scope.transaction(async (tx) => {
    let org = tx.shared.selectFrom("organisations").select("balance_milli").where("id", "=", tx.orgId);
    if (tx.dialect === "postgres") org = org.forShare();
    const { balance_milli } = await org.executeTakeFirstOrThrow();
    const sum = await tx
      .selectFrom("ledger")
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>("amount_milli"), eb.lit(0)).as("n"), eb.fn.countAll<number>().as("c")])
      .executeTakeFirstOrThrow();
    return { balanceMilli: Number(balance_milli), ledgerMilli: Number(sum.n), rows: Number(sum.c) };
  });
}
