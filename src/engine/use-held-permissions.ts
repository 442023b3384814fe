import { useMemo } from "react";
import { authApi } from "../../resources/auth/auth";
import { useCall } from "../lib/use-call";

type Tree = { subMenus?: { key?: string; path?: string; checked?: boolean }[] }[];

const none: ReadonlySet<string> = new Set();

/**
 * The extended permissions the signed-in admin holds (2 §6: audioDown, videoDown, docDown,
 * liveUserData), from `/cms/userprivex` (the main admin holds them all), asked once and only by a
 * list whose row actions name one. Empty while asking or when it cannot be had: the actions they
 * open stay hidden (the server would refuse their pages anyway).
 */
export function useHeldPermissions(wanted: boolean): ReadonlySet<string> {
  const { answer } = useCall<Tree>(authApi.userPrivEx, undefined, { enabled: wanted });
  const tree = answer?.data;
  return useMemo(
    () =>
      Array.isArray(tree)
        ? new Set(tree.flatMap((group) => (group.subMenus ?? []).filter((item) => item.checked).map((item) => item.key ?? item.path ?? "")))
        : none,
    [tree],
  );
}
