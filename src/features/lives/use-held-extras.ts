import { useMemo } from "react";
import { authApi } from "../../../resources/auth/auth";
import { useCall } from "../../lib/use-call";

type Tree = { subMenus?: { key?: string; path?: string; checked?: boolean }[] }[];

/**
 * The extended permissions the signed-in admin holds (2 §6: audioDown, videoDown, docDown,
 * liveUserData), from `/cms/userprivex` (the main admin holds them all), asked once for the page.
 * Empty while asking or when it cannot be had: the buttons they open stay hidden (the server would
 * refuse their pages anyway).
 */
export function useHeldExtras(): ReadonlySet<string> {
  const { answer } = useCall<Tree>(authApi.userPrivEx);
  const tree = answer?.data;
  return useMemo(
    () => new Set((Array.isArray(tree) ? tree : []).flatMap((group) => (group.subMenus ?? []).filter((item) => item.checked).map((item) => item.key ?? item.path ?? ""))),
    [tree],
  );
}
