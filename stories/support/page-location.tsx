import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { action } from "storybook/actions";
import { pageLocation } from "../../providers/location";
import { routeTitle } from "../../src/app/route-titles";

/** Where a story sends the visitor when the providers leave the app (the application page). */
export const leftAppPath = "/__left-app";

let pathname = "/";
let go: ((url: string) => void) | null = null;
const logLeave = action("pageLocation.assign");

/**
 * The providers make whole-page moves through `pageLocation` (a 401 to /login, the
 * application page). In a story they move the memory router instead of the preview
 * frame, and read the story's path rather than /iframe.html. Returns the undo.
 */
export function stagePageLocation(initialPath: string): () => void {
  const original = { assign: pageLocation.assign, pathname: pageLocation.pathname };
  pathname = initialPath;
  pageLocation.pathname = () => pathname;
  pageLocation.assign = (url: string) => {
    logLeave(url);
    go?.(url);
  };
  return () => {
    Object.assign(pageLocation, original);
    go = null;
  };
}

/** Keeps the staged `pageLocation` in step with the story's router; render it inside the router. */
export function PageLocationBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    pathname = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    go = (url) => {
      const target = new URL(url, window.location.origin);
      const inApp = target.origin === window.location.origin && routeTitle(target.pathname) !== undefined;
      if (inApp) navigate(target.pathname + target.search);
      else navigate(leftAppPath, { state: { url } });
    };
    return () => {
      go = null;
    };
  }, [navigate]);
  return null;
}
