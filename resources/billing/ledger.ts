import { ep } from "../kernel/endpoint";

/** The ledger's reconciliation (issue 19 item 10): an administrator checks balance = Σ ledger. */
export const ledgerApi = {
  /** → Reconciliation of the signed-in admin's organisation (menu key accountOverview). */
  reconcile: ep("GET /cms/account/reconcile"),
} as const;

/** The balance beside its ledger, read in one snapshot; yuan. */
export interface Reconciliation {
  balance: number;
  ledger: number;
  /** How many ledger rows were summed. */
  rows: number;
  agrees: boolean;
}
