import { afterEach, beforeEach, vi } from "vitest";
import { setHttpAdapter } from "../../../../providers/http";
import { pageLocation } from "../../../../providers/location";
import { sessionStore } from "../../../../providers/session-store";

/**
 * For the describe it is called in: every test starts with no session in the tab and page
 * navigations caught, and ends with its spies undone and the real HTTP adapter back.
 */
export function isolateSession() {
  beforeEach(() => {
    vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined);
    sessionStore.reload();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setHttpAdapter();
  });
}
