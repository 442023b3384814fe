import { useEffect, useRef, useState } from "react";
import { portalLimits, roomStatus, type PortalRoom } from "../../../../resources/portal/portal";

/**
 * The seconds counted since a list of rooms arrived (2 §4): one tick a second while any room is
 * not started. When the soonest one reaches zero, or after more than 60 ticks, the list is asked
 * for again (`reload`), and counting starts over from the new answer (`updatedAt`, which moves even
 * when the answer is the same). A room shows `enterts - ticks`.
 */
export function useRoomCountdown(rooms: PortalRoom[] | undefined, updatedAt: number, reload: () => void): number {
  const [count, setCount] = useState({ at: updatedAt, ticks: 0 });
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const waiting = (rooms ?? []).filter((room) => room.status === roomStatus.notStarted);
  const soonest = waiting.length ? Math.min(...waiting.map((room) => room.enterts)) : null;

  useEffect(() => {
    if (soonest === null) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setCount({ at: updatedAt, ticks });
      if (ticks >= soonest || ticks > portalLimits.countdownTicks) {
        clearInterval(timer);
        reloadRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [updatedAt, soonest]);

  return count.at === updatedAt ? count.ticks : 0;
}

/** 1天02:03:04, 02:03:04 or 03:04: what is left of a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const text = clock[0] || days ? clock.map(pad).join(":") : clock.slice(1).map(pad).join(":");
  return days ? `${days}天${text}` : text;
}
