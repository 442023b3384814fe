import {
  extendedPermissionGroups,
  grantedKeys,
  mainAdminOnlyItems,
  permissionGroups,
  sidebarGroups,
  type SavedPermissions,
} from "../../resources/kernel/menu";
import type { Auth } from "../plugins/session";

type Identity = NonNullable<Auth["identity"]>;

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The menu keys an identity may use; the main admin has them all. */
export function menuKeysOf(identity: Identity): Set<string> {
  if (identity.role === "admin")
    return new Set([...permissionGroups.flatMap((g) => g.items.map((i) => i.key)), ...mainAdminOnlyItems.map((i) => i.key)]);
  if (identity.role === "subadmin") return grantedKeys(parse<SavedPermissions>(identity.userop, []));
  // Teachers and assistants carry only cloud-disk keys (1 §6), saved the same way.
  const keys = new Set<string>();
  for (const g of parse<SavedPermissions>(identity.userop, [])) for (const i of g.subMenus ?? []) keys.add(i.path);
  return keys;
}

/** `/cms/loginrouter`: the sidebar in group order, plus the keyed form of 1 §3. */
export function menuOf(identity: Identity) {
  const keys = menuKeysOf(identity);
  const items = [...permissionGroups.flatMap((g) => g.items), ...mainAdminOnlyItems].filter((i) => keys.has(i.key));
  const groups = sidebarGroups
    .map((g) => ({
      key: g.key,
      label: g.label,
      items: items.filter((i) => i.sidebar === g.key).map((i) => ({ key: i.key, label: i.label, path: `/${i.key}` })),
    }))
    .filter((g) => g.items.length > 0);
  const menu = Object.fromEntries(
    groups.map((g, gi) => [`${gi}-${g.label}`, Object.fromEntries(g.items.map((i, ii) => [`${ii}-${i.key}`, { label: i.label }]))]),
  );
  return { groups, keys: [...keys], menu };
}

/** `/cms/userpriv`: every permission group with what this admin holds checked. */
export function permissionTreeOf(identity: Identity) {
  const keys = menuKeysOf(identity);
  return permissionGroups.map((g) => {
    const subMenus = g.items.map((i) => ({ label: i.label, key: i.key, path: i.key, checked: keys.has(i.key) }));
    return { label: g.label, savedLabel: g.savedLabel ?? g.label, checked: subMenus.every((s) => s.checked), subMenus };
  });
}

/** `/cms/userprivex`: the extended groups; the main admin holds them all. */
export function extendedTreeOf(identity: Identity) {
  const held = new Set(
    identity.role === "admin"
      ? extendedPermissionGroups.flatMap((g) => g.items.map((i) => i.key))
      : parse<SavedPermissions>(identity.useropex, []).flatMap((g) => (g.subMenus ?? []).map((i) => i.path)),
  );
  return extendedPermissionGroups.map((g) => {
    const subMenus = g.items.map((i) => ({ label: i.label, key: i.key, path: i.key, checked: held.has(i.key) }));
    return { label: g.label, checked: subMenus.every((s) => s.checked), subMenus };
  });
}
