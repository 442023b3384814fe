import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { signInRoutes } from "../../resources/auth/routes";
import { titled } from "./app-name";

const signInTitles: Readonly<Record<string, string>> = Object.fromEntries(Object.values(signInRoutes).map(({ route, title }) => [route, title]));

/**
 * Sets the page title from the route table on every navigation (1 §9). The sign-in pages' titles
 * are at hand; the whole table comes from the declarations, which load with the console (and with
 * its shells, which show the titles too), not with /login.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const signIn = signInTitles[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname];
    if (signIn) {
      document.title = titled(signIn);
      return;
    }
    let current = true;
    void import("./route-titles").then(({ documentTitle }) => {
      if (current) document.title = documentTitle(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
