import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { documentTitle } from "./route-titles";

/** Sets the page title from the route table on every navigation (1 §9). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}
