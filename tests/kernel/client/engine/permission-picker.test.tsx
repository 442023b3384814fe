import { fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import {
  extendedPermissionGroups,
  permissionGroups,
  saveExtendedPermissions,
  savePermissions,
  savePortalPermissions,
  type SavedPermissions,
} from "../../../../resources/kernel/menu";
import { checkedKeys, defaultPermissionText, PermissionPicker, type PermissionTree } from "../../../../src/engine/permission-picker";
import { checkbox } from "./support";

/** The picker with its value held as a form would hold it; `saved()` reads the latest JSON text. */
function renderPicker(tree: PermissionTree, initial: string) {
  let latest = initial;
  function Holder() {
    const [value, setValue] = useState(initial);
    return (
      <PermissionPicker
        tree={tree}
        value={value}
        onChange={(text) => {
          latest = text;
          setValue(text);
        }}
      />
    );
  }
  const { container } = render(<Holder />);
  return { container, saved: () => JSON.parse(latest) as SavedPermissions };
}

const groupBox = (container: HTMLElement, label: string) => checkbox(label, container.querySelector<HTMLElement>(`[role=group][aria-label="${label}"]`)!);
const stateOf = (box: HTMLInputElement) =>
  box.closest(".ant-checkbox")!.classList.contains("ant-checkbox-indeterminate") ? "indeterminate" : box.checked ? "checked" : "unchecked";

describe("the permission picker", () => {
  it("shows each group as none → unchecked, some → indeterminate, all → checked", () => {
    const { container } = renderPicker("admin", JSON.stringify(savePermissions(["teacherop", "courseop", "liveop"])));
    expect(stateOf(groupBox(container, "我的账户"))).toBe("unchecked");
    expect(stateOf(groupBox(container, "用户管理"))).toBe("indeterminate");
    expect(stateOf(groupBox(container, "课程与直播管理"))).toBe("checked");
    expect(checkbox("老师管理", container).checked).toBe(true);
    expect(checkbox("学生管理", container).checked).toBe(false);
  });

  it("checking a group checks all its items; unchecking clears them", () => {
    const { container, saved } = renderPicker("admin", "[]");
    fireEvent.click(groupBox(container, "用户管理"));
    const userItems = permissionGroups.find((group) => group.label === "用户管理")!.items;
    expect(saved()).toEqual([{ label: "用户管理", subMenus: userItems.map((item) => ({ label: item.label, path: item.key })) }]);
    expect(stateOf(groupBox(container, "用户管理"))).toBe("checked");
    fireEvent.click(checkbox("学生管理", container));
    expect(stateOf(groupBox(container, "用户管理"))).toBe("indeterminate");
    fireEvent.click(groupBox(container, "用户管理"));
    expect(stateOf(groupBox(container, "用户管理"))).toBe("checked");
    fireEvent.click(groupBox(container, "用户管理"));
    expect(saved()).toEqual([]);
  });

  it("saves the course-and-live group under its short label, in catalogue order", () => {
    const { container, saved } = renderPicker("admin", "[]");
    fireEvent.click(checkbox("直播管理", container));
    fireEvent.click(checkbox("账户充值", container));
    expect(saved()).toEqual([
      { label: "我的账户", subMenus: [{ label: "账户充值", path: "recharge" }] },
      { label: "课程直播", subMenus: [{ label: "直播管理", path: "liveop" }] },
    ]);
  });

  it("offers the extended groups, 大班课 on for a new sub-admin", () => {
    expect(JSON.parse(defaultPermissionText("extended"))).toEqual(saveExtendedPermissions(["bigClass"]));
    const { container, saved } = renderPicker("extended", defaultPermissionText("extended"));
    expect(extendedPermissionGroups.map((group) => stateOf(groupBox(container, group.label)))).toEqual(["unchecked", "indeterminate", "unchecked"]);
    fireEvent.click(groupBox(container, "直播回放"));
    expect(saved()).toEqual(saveExtendedPermissions(["audioDown", "videoDown", "docDown", "bigClass"]));
  });

  it("gives teachers and assistants the cloud disk only, the organisation disk read-only, the personal disk on by default", () => {
    expect(JSON.parse(defaultPermissionText("assistant"))).toEqual(savePortalPermissions("assistant", ["assclouddiskop"]));
    const { container, saved } = renderPicker("assistant", defaultPermissionText("assistant"));
    expect(container.querySelectorAll("[role=group]")).toHaveLength(1);
    expect(checkbox("个人云盘", container).checked).toBe(true);
    fireEvent.click(checkbox("机构云盘（只读）", container));
    expect(saved()).toEqual(savePortalPermissions("assistant", ["clouddiskop", "assclouddiskop"]));
    expect(stateOf(groupBox(container, "云盘管理"))).toBe("checked");
  });

  it("reads nothing from an empty or malformed value, and ignores keys its tree does not offer", () => {
    expect(checkedKeys("admin", "")).toEqual(new Set());
    expect(checkedKeys("admin", "{not json")).toEqual(new Set());
    expect(checkedKeys("teacher", JSON.stringify(savePermissions(["teacherop"])))).toEqual(new Set());
    expect(checkedKeys("admin", JSON.stringify([{ label: "x", subMenus: [{ label: "y", path: "adminop" }, { label: "z", path: "liveop" }] }]))).toEqual(
      new Set(["liveop"]),
    );
  });
});
