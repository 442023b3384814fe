import { useEffect } from "react";
import { Link } from "react-router-dom";
import { authApi, balanceRefreshSeconds } from "../../resources/auth/auth";
import { rechargePage } from "../../resources/billing/routes";
import { sessionStore, useSession } from "../../providers/session-store";
import { formatYuan } from "../lib/format";
import { useCall } from "../lib/use-call";

/** 余额 in the admin top bar, fetched on entry and every 40 s (1 §2.2); links to recharge. */
export function BalanceLink() {
  const balance = useSession((state) => state.curBalance);
  // A failed refresh keeps the last known balance; the next tick asks again.
  const { answer } = useCall<{ balance: number }>(authApi.balance, undefined, { refreshMs: balanceRefreshSeconds * 1000 });
  const fetched = answer?.data.balance;
  // The balance is session state (1 §3 curBalance): the dashboard's account module reads it too.
  useEffect(() => {
    if (fetched !== undefined) sessionStore.set({ curBalance: Number(fetched) });
  }, [fetched]);

  return <Link to={rechargePage.route}>余额：{balance === null || Number.isNaN(balance) ? "--" : formatYuan(balance)}</Link>;
}
