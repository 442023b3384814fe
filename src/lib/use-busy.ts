import { useCallback, useState } from "react";
import { reportError } from "../../providers/notify";

/**
 * A submit or save in flight: `run(action)` shows `busy` until the action ends, and an error it
 * throws (a dropped connection, an HTTP status) is reported as a toast, after `errorPrefix` when
 * given, instead of escaping into the page. A business refusal is the action's own to say.
 */
export function useBusy(errorPrefix?: string) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await action();
      } catch (error) {
        reportError(error, errorPrefix);
      } finally {
        setBusy(false);
      }
    },
    [errorPrefix],
  );
  return { busy, run };
}
