import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left until a deadline. Counting from a deadline rather than decrementing
 * keeps the SMS wait honest when a background tab throttles timers.
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setDeadline(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), []);
  return { left, start };
}
