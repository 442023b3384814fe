import { Checkbox } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import {
  extendedPermissionGroups,
  grantedKeys,
  permissionGroups,
  portalCloudDisk,
  portalPermissionGroups,
  saveExtendedPermissions,
  savePermissions,
  savePortalPermissions,
  type SavedPermissions,
} from "../../resources/kernel/menu";

/** Which catalogue a picker offers (`"ui:options": { "tree": … }` in a `*.ui.json`). */
export type PermissionTree = "admin" | "extended" | "teacher" | "assistant";

interface PickerGroup {
  label: string;
  items: { key: string; label: string; defaultOn?: boolean }[];
}

const isPortal = (tree: PermissionTree): tree is "teacher" | "assistant" => tree === "teacher" || tree === "assistant";

/** The groups a tree shows, with the labels a person reads. */
function groupsOf(tree: PermissionTree): PickerGroup[] {
  if (tree === "admin") return permissionGroups;
  if (tree === "extended") return extendedPermissionGroups;
  // Teachers and assistants may only read the organisation disk (1 §6); the label says so.
  const org = portalCloudDisk[tree].org;
  return portalPermissionGroups(tree).map((group) => ({
    ...group,
    items: group.items.map((item) => (item.key === org ? { ...item, label: `${item.label}（只读）` } : item)),
  }));
}

function save(tree: PermissionTree, keys: Iterable<string>): SavedPermissions {
  if (tree === "admin") return savePermissions(keys);
  if (tree === "extended") return saveExtendedPermissions(keys);
  return savePortalPermissions(tree, keys);
}

function parse(text: unknown): SavedPermissions {
  if (typeof text !== "string" || !text.trim()) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as SavedPermissions) : [];
  } catch {
    return [];
  }
}

/** The keys of `tree` that a saved value (its JSON text) grants. */
export function checkedKeys(tree: PermissionTree, text: unknown): Set<string> {
  const saved = parse(text);
  if (tree === "admin") return grantedKeys(saved);
  const known = new Set(groupsOf(tree).flatMap((group) => group.items.map((item) => item.key)));
  const keys = new Set<string>();
  for (const group of saved) for (const item of group?.subMenus ?? []) if (known.has(item?.path)) keys.add(item.path);
  return keys;
}

/** The JSON text a new record starts with: 大班课 for a sub-admin's extended tree, the personal disk for a teacher. */
export function defaultPermissionText(tree: PermissionTree): string {
  if (tree === "extended") return JSON.stringify(saveExtendedPermissions());
  if (isPortal(tree)) return JSON.stringify(savePortalPermissions(tree));
  return JSON.stringify(savePermissions([]));
}

export const permissionText = (tree: PermissionTree, keys: Iterable<string>) => JSON.stringify(save(tree, keys));

export interface PermissionPickerProps {
  tree: PermissionTree;
  /** The JSON text of the saved permissions (1 §3), as `userop` / `useropex` carry it. */
  value: string | undefined;
  onChange: (text: string) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * Grouped checkboxes, each group with a tri-state box (1 §2.6, §4): none checked → unchecked,
 * all → checked, some → indeterminate; checking a group checks all of it.
 */
export function PermissionPicker({ tree, value, onChange, disabled, id }: PermissionPickerProps) {
  const groups = groupsOf(tree);
  const checked = checkedKeys(tree, value);
  const commit = (next: Set<string>) => onChange(permissionText(tree, next));

  return (
    <div id={id} className="permission-picker" style={{ border: "1px solid #f0f0f0", borderRadius: 6, padding: "0 12px" }}>
      {groups.map((group, index) => {
        const keys = group.items.map((item) => item.key);
        const held = keys.filter((key) => checked.has(key));
        const all = held.length === keys.length;
        const setGroup = (selected: string[]) => {
          const next = new Set([...checked].filter((key) => !keys.includes(key)));
          selected.forEach((key) => next.add(key));
          commit(next);
        };
        const toggle = (key: string, on: boolean) => {
          const next = new Set(checked);
          if (on) next.add(key);
          else next.delete(key);
          commit(next);
        };
        return (
          <div
            key={group.label}
            role="group"
            aria-label={group.label}
            style={{ display: "flex", gap: 12, padding: "8px 0", borderTop: index === 0 ? undefined : "1px solid #f0f0f0" }}
          >
            <Checkbox
              style={{ width: 132, flex: "none", fontWeight: 500 }}
              checked={all}
              indeterminate={held.length > 0 && !all}
              disabled={disabled}
              onChange={(event) => setGroup(event.target.checked ? keys : [])}
            >
              {group.label}
            </Checkbox>
            <Checkbox.Group
              style={{ rowGap: 4 }}
              disabled={disabled}
              value={held}
              // Each box toggles its own key. The group's onChange reports only the boxes it has
              // registered, which happens in an effect after they paint: a click in that window
              // (a dialog just opened, a fast script, a loaded machine) would report none and
              // save no permissions at all.
              options={group.items.map((item) => ({ label: item.label, value: item.key, onChange: (event) => toggle(item.key, event.target.checked) }))}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The RJSF widget `permissionPicker`; its tree comes from `"ui:options": { "tree": … }`. */
export function PermissionPickerWidget({ id, value, onChange, options, disabled, readonly }: WidgetProps) {
  const tree = (options.tree as PermissionTree | undefined) ?? "admin";
  return <PermissionPicker id={id} tree={tree} value={value as string | undefined} onChange={onChange} disabled={disabled || readonly} />;
}
