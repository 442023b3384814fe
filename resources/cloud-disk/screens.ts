/**
 * The cloud disk's screens (2 §2, 1 §2.2), kept apart from the rest of resources/cloud-disk/cloud-disk.ts so
 * the console's route table carries only these few lines; the calls and messages load with the
 * screen.
 */

/** The menu keys of the disks (1 §6): the organisation's, and a teacher's or assistant's own. */
export const cloudDiskKeys = {
  org: "clouddiskop",
  personal: { teacher: "teaclouddiskop", assistant: "assclouddiskop" },
} as const;

/** The screens of the disk (2 §2, 1 §2.2), by route, and how each shows it. */
export type DiskMode = "edit" | "readonly" | "personal";

export const cloudDiskScreens: { route: string; mode: DiskMode; menuKey: string; title: string; header: boolean }[] = [
  { route: "/clouddiskop", mode: "edit", menuKey: cloudDiskKeys.org, title: "机构云盘", header: true },
  { route: "/teaclouddiskop", mode: "readonly", menuKey: cloudDiskKeys.org, title: "机构云盘（只读）", header: true },
  { route: "/teaIndex/clouddiskop", mode: "readonly", menuKey: cloudDiskKeys.org, title: "机构云盘", header: true },
  // Teachers see their personal disk without the top header (2 §2, §6).
  { route: "/teaIndex/teaclouddiskop", mode: "personal", menuKey: cloudDiskKeys.personal.teacher, title: "个人云盘", header: false },
  { route: "/assistantIndex/clouddiskop", mode: "readonly", menuKey: cloudDiskKeys.org, title: "机构云盘", header: true },
  { route: "/assistantIndex/assclouddiskop", mode: "personal", menuKey: cloudDiskKeys.personal.assistant, title: "个人云盘", header: true },
];
