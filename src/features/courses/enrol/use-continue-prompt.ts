import { useCallback, useEffect, useRef, useState } from "react";

export interface ContinuePrompt {
  /** The failure being asked about, or null while nothing is asked. */
  asking: string | null;
  /** Resolves true to go on; at once when 不再提示 was ticked before. */
  ask: (message: string) => Promise<boolean>;
  answer: (goOn: boolean, stopReminding: boolean) => void;
}

/**
 * The course import's question after a failed row (1 §4, §8): go on or stop. Ticking 不再提示 keeps
 * it quiet for the rest of this dialog; a dialog closed while asking stops the run.
 */
export function useContinuePrompt(): ContinuePrompt {
  const [asking, setAsking] = useState<string | null>(null);
  const pending = useRef<((goOn: boolean) => void) | null>(null);
  const quiet = useRef(false);

  useEffect(() => () => pending.current?.(false), []);

  const ask = useCallback((message: string) => {
    if (quiet.current) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setAsking(message);
    });
  }, []);

  const answer = useCallback((goOn: boolean, stopReminding: boolean) => {
    quiet.current = stopReminding;
    pending.current?.(goOn);
    pending.current = null;
    setAsking(null);
  }, []);

  return { asking, ask, answer };
}
