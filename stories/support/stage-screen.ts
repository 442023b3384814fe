import { message } from "antd";
import { action } from "storybook/actions";
import { setHosts } from "../../providers/hosts";
import { setHttpAdapter } from "../../providers/http";
import { sessionStore } from "../../providers/session-store";
import { mockAdapter } from "../mock-api";
import { stagePageLocation } from "./page-location";
import type { ScreenParameters } from "./screen-parameters";

const logCall = action("api");

/** Forgets the client-kept session, including what survives reloads in localStorage. */
function resetSession(): void {
  for (const key of ["phone", "userType"]) localStorage.removeItem(key);
  sessionStore.reload();
}

/**
 * Sets up what a screen story needs before it renders: hosts on the Storybook origin
 * (where the static captcha image lives), the story's own mocked answers, a clean session
 * and `pageLocation` bound to the story's router. Returns the undo, run before the next story.
 */
export function stageScreen(parameters: ScreenParameters): () => void {
  const entries = parameters.initialEntries ?? ["/"];
  setHosts(parameters.hosts ?? {});
  setHttpAdapter(
    mockAdapter(parameters.api ?? [], {
      delayMs: parameters.apiDelayMs,
      onCall: (call) => logCall(`${call.method} ${call.path} → ${call.status}`, call),
    }),
  );
  resetSession();
  if (parameters.session) sessionStore.set(parameters.session);
  const restoreLocation = stagePageLocation(new URL(entries[entries.length - 1], "http://story.local").pathname);
  return () => {
    restoreLocation();
    message.destroy();
    setHttpAdapter();
    setHosts(null);
    resetSession();
  };
}
