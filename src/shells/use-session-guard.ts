import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { homeOf, type IdentityType } from "../../resources/auth/auth";
import { sessionStore } from "../../providers/session-store";
import { signInRoutes } from "../../resources/auth/routes";

const belongs = (type: IdentityType | null | undefined, expected: IdentityType | null) => type != null && (!expected || type === expected);

/**
 * Each shell checks the session on entry (1 §4): no session goes to /login, no chosen
 * identity to /identity, another identity type to its own home. `null` accepts any type.
 * Returns true once the visitor belongs here.
 */
export function useSessionGuard(expected: IdentityType | null): boolean {
  const navigate = useNavigate();
  // The session store's answer (the page load's check, already in when the early frame painted)
  // lets the shell in at once, so the frame drawn from it is not followed by a spinner.
  const [allowed, setAllowed] = useState(() => belongs(sessionStore.checked()?.type, expected));

  useEffect(() => {
    let live = true;
    void sessionStore.check().then(({ signedIn, type }) => {
      if (!live) return;
      if (!signedIn) navigate(signInRoutes.login.route, { replace: true });
      else if (!type) navigate(signInRoutes.identity.route, { replace: true });
      else if (expected && type !== expected) navigate(homeOf[type], { replace: true });
      else setAllowed(true);
    });
    return () => {
      live = false;
    };
  }, [expected, navigate]);

  return allowed;
}
