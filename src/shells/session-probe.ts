import { trySession, type SessionCheck } from "../../providers/session";
import { loadServerMenu, type ServerMenu } from "../lib/server-menu";

// A page load asks who is signed in as soon as the entry runs, in parallel with the console's
// code, and an admin's menu right behind it: the frame paints from the first answer and the
// shell takes both instead of asking again. Each is handed out once; a later check (after
// signing in or out) asks the server afresh.
let session: Promise<SessionCheck> | null = null;
let settled: SessionCheck | undefined;
let menu: Promise<ServerMenu> | null = null;
let sessionTaken = false;
let menuTaken = false;

/** Starts the page load's session check (once) and, for an admin, the menu's. */
export function probeSession(): Promise<SessionCheck> {
  session ??= trySession().then((answer) => {
    settled = answer;
    if (answer.type === "admin") {
      menu = loadServerMenu();
      // Whoever takes the menu handles a failure; untaken, it must not surface as unhandled.
      menu.catch(() => undefined);
    }
    return answer;
  });
  return session;
}

/** The page load's session check if nobody has used it yet: its promise and, once in, its answer. */
export function takeEarlySession(): { answer: Promise<SessionCheck>; settled?: SessionCheck } | null {
  if (!session || sessionTaken) return null;
  sessionTaken = true;
  return { answer: session, settled };
}

/** The admin menu fetched beside the early session check, once. */
export function takeEarlyMenu(): Promise<ServerMenu> | null {
  if (!menu || menuTaken) return null;
  menuTaken = true;
  return menu;
}
