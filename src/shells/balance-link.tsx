import { useEffect } from "react";
import { Link } from "react-router-dom";
import { authApi, balanceRefreshSeconds } from "../../resources/auth/auth";
import { call } from "../../providers/http";
import { sessionStore } from "../../providers/session-store";
import { formatYuan } from "../lib/format";
import { useSession } from "../lib/use-session";

/** 余额 in the admin top bar, fetched on entry and every 40 s (1 §4); links to recharge. */
export function BalanceLink() {
  const balance = useSession((state) => state.curBalance);

  useEffect(() => {
    const load = () =>
      call<{ balance: number }>(authApi.balance)
        .then((data) => sessionStore.set({ curBalance: Number(data.balance) }))
        // A failed refresh keeps the last known balance; the next tick tries again.
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, balanceRefreshSeconds * 1000);
    return () => clearInterval(timer);
  }, []);

  return <Link to="/recharge">余额：{balance === null || Number.isNaN(balance) ? "--" : formatYuan(balance)}</Link>;
}
