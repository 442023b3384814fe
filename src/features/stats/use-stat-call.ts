import type { Endpoint } from "../../../resources/kernel/endpoint";
import type { Payload } from "../../../providers/http";
import { useCall } from "../../lib/use-call";
import { LOADING, type Load } from "./load-state";

/**
 * A statistics call through Refine's `useCustom` (src/lib/use-call.ts), as the chart and figure
 * cards read it: loading, answered, or refused with the words to show. One call per distinct query,
 * however many cards ask and however often React mounts them; a query seen before answers from cache.
 */
export function useStatCall<T>(endpoint: Endpoint, query?: Payload, { enabled = true }: { enabled?: boolean } = {}): Load<T> {
  const call = useCall<T>(endpoint, query, { enabled });
  if (call.error) return { status: "error", error: call.error.message };
  if (call.answer) return { status: "ok", data: call.answer.data };
  return LOADING;
}
