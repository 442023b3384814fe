import {
  saveExtendedPermissions,
  savePermissions,
  savePortalPermissions,
  type PortalRole,
  type SavedPermissions,
} from "../../resources/kernel/menu";
import { fail } from "../plugins/envelope";

/**
 * What a form sends as `userop` / `useropex` is the JSON text of a saved permission value
 * (1 §3). The server keeps only what the catalogue of that role knows and rewrites it in
 * catalogue order with catalogue labels, so a hand-made request cannot grant a key the
 * picker does not offer (a teacher holds cloud-disk keys only; nobody is given adminop).
 * An absent or empty value means "not given".
 */
function checkedPaths(text: string, field: string): string[] {
  const invalid = () => fail.bad("权限格式不正确", field);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value)) throw invalid();
  const paths: string[] = [];
  for (const group of value as Partial<SavedPermissions[number]>[]) {
    if (!group || typeof group !== "object" || !Array.isArray(group.subMenus)) throw invalid();
    for (const item of group.subMenus) {
      if (!item || typeof item !== "object" || typeof item.path !== "string") throw invalid();
      paths.push(item.path);
    }
  }
  return paths;
}

const given = (text: string | undefined): text is string => text !== undefined && text.trim() !== "";

/** A sub-admin's console permissions; none unless given. */
export const adminUserop = (text: string | undefined): string | undefined =>
  given(text) ? JSON.stringify(savePermissions(checkedPaths(text, "userop"))) : undefined;

/** A sub-admin's live-system permissions. */
export const adminUseropex = (text: string | undefined): string | undefined =>
  given(text) ? JSON.stringify(saveExtendedPermissions(checkedPaths(text, "useropex"))) : undefined;

/** A teacher's or assistant's permissions: the cloud-disk tree only. */
export const portalUserop = (role: PortalRole, text: string | undefined): string | undefined =>
  given(text) ? JSON.stringify(savePortalPermissions(role, checkedPaths(text, "userop"))) : undefined;

/** What a new identity holds when its form gave nothing (1 §3, §6). */
export const defaultPermissions = {
  subadmin: { userop: "[]", useropex: JSON.stringify(saveExtendedPermissions()) },
  teacher: { userop: JSON.stringify(savePortalPermissions("teacher")), useropex: "[]" },
  assistant: { userop: JSON.stringify(savePortalPermissions("assistant")), useropex: "[]" },
  student: { userop: "[]", useropex: "[]" },
} as const;
