import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect } from "storybook/test";
import { allMenuKeys, savePermissions } from "../../resources/kernel/menu";
import { defaultPermissionText, PermissionPicker, permissionText, type PermissionTree } from "../../src/engine/permission-picker";

/** The picker holding its value as a form would; the saved JSON text shows under it. */
function Holder({ tree, initial }: { tree: PermissionTree; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ maxWidth: 720, padding: 24 }}>
      <PermissionPicker tree={tree} value={value} onChange={setValue} />
      <pre data-testid="saved" style={{ marginTop: 16, whiteSpace: "pre-wrap", fontSize: 12, color: "#666" }}>
        {value}
      </pre>
    </div>
  );
}

/**
 * The permission picker (1 §2.6, §4): grouped checkboxes, each group with a tri-state box
 * (none → unchecked, some → indeterminate, all → checked; checking a group checks all of it).
 * Its value is the JSON text a form sends as `userop` / `useropex`.
 */
const meta = {
  title: "Engine/Permission picker",
  component: Holder,
  args: { tree: "admin", initial: "[]" },
} satisfies Meta<typeof Holder>;

export default meta;
type Story = StoryObj<typeof meta>;

const groupState = (root: HTMLElement, label: string) => {
  const box = root.querySelector(`[role=group][aria-label="${label}"] .ant-checkbox`)!;
  if (box.classList.contains("ant-checkbox-indeterminate")) return "indeterminate";
  return box.classList.contains("ant-checkbox-checked") ? "checked" : "unchecked";
};

/** Nothing granted: every group unchecked. */
export const NoneGranted: Story = {
  play: async ({ canvasElement }) => {
    await expect(groupState(canvasElement, "用户管理")).toBe("unchecked");
  },
};

/** Part of 用户管理 granted: that group is indeterminate; the whole of 课程与直播管理: checked. */
export const SomeGranted: Story = {
  args: { initial: JSON.stringify(savePermissions(["teacherop", "studentop", "courseop", "liveop"])) },
  play: async ({ canvasElement }) => {
    await expect(groupState(canvasElement, "用户管理")).toBe("indeterminate");
    await expect(groupState(canvasElement, "课程与直播管理")).toBe("checked");
    await expect(groupState(canvasElement, "我的账户")).toBe("unchecked");
  },
};

/** Every item granted: every group checked. */
export const AllGranted: Story = {
  args: { initial: permissionText("admin", allMenuKeys()) },
  play: async ({ canvasElement }) => {
    await expect(groupState(canvasElement, "用户管理")).toBe("checked");
    await expect(groupState(canvasElement, "广告管理")).toBe("checked");
  },
};

/** A new sub-admin's live-system permissions: 大班课 on. */
export const ExtendedDefault: Story = {
  args: { tree: "extended", initial: defaultPermissionText("extended") },
};

/** A new teacher: the cloud disk only, the organisation disk read-only, the personal disk on. */
export const TeacherDefault: Story = {
  args: { tree: "teacher", initial: defaultPermissionText("teacher") },
};
