import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { SessionCheck } from "../../providers/session";
import { sessionStore } from "../../providers/session-store";
import { PageLoading } from "../components/page-loading";
import { ShellPlaceholder } from "./shell-frame";

/**
 * What a console address shows while the console's code loads: for a signed-in admin the
 * shell's frame as soon as the session is known, else the spinner (the shell then routes the
 * visitor). On a slow link this is the difference between a bare spinner and a console.
 */
export function EarlyShell() {
  const { pathname } = useLocation();
  const [session, setSession] = useState<SessionCheck | null>(null);
  useEffect(() => {
    let live = true;
    // The page load's session check, kept in the store for the shell (and an admin's menu asked right behind it).
    void sessionStore.check().then((answer) => live && setSession(answer));
    return () => {
      live = false;
    };
  }, []);
  return session?.type === "admin" ? <ShellPlaceholder pathname={pathname} /> : <PageLoading fullScreen />;
}
