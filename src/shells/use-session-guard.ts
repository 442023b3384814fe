import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { homeOf, type IdentityType } from "../../resources/auth/auth";
import { trySession } from "../../providers/session";
import { takeEarlySession } from "./session-probe";

/**
 * Each shell checks the session on entry (1 §4): no session goes to /login, no chosen
 * identity to /identity, another identity type to its own home. `null` accepts any type.
 * Returns true once the visitor belongs here.
 */
export function useSessionGuard(expected: IdentityType | null): boolean {
  const navigate = useNavigate();
  // The page load's early check (src/shells/session-probe.ts) answers the first shell, at once
  // when it is already in, so the frame drawn from it is not followed by a spinner.
  const [early] = useState(takeEarlySession);
  const [allowed, setAllowed] = useState(() => early?.settled?.type != null && (!expected || early.settled.type === expected));

  useEffect(() => {
    let live = true;
    void (early?.answer ?? trySession()).then(({ signedIn, type }) => {
      if (!live) return;
      if (!signedIn) navigate("/login", { replace: true });
      else if (!type) navigate("/identity", { replace: true });
      else if (expected && type !== expected) navigate(homeOf[type], { replace: true });
      else setAllowed(true);
    });
    return () => {
      live = false;
    };
  }, [early, expected, navigate]);

  return allowed;
}
