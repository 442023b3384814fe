/**
 * The admin menu catalogue (1 §2.2 and §3): every item an administrator can be granted,
 * with the permission group it is granted under and the sidebar group it shows in.
 * The server builds `/cms/loginrouter`, `/cms/userpriv` and sub-admin checks from it;
 * the client builds the sidebar and the permission picker from it.
 */

import { overviewMenuKey } from "../billing/alerts";
import { cloudDiskKeys } from "../cloud-disk/screens";
import { pushMenuKey } from "../data-push/push-api";
import { courseTypes } from "../courses/course";
import { developerMenuKey } from "../developer/developer";
import { chatMonitorKey, liveMonitorKey, liveSettingKey } from "../lives/live-api";
import { filterWordsKey } from "../filter-words/filter-words";
import { smartServiceKey } from "../reminders/smart-reminder";
import type { ResourceDecl } from "./define";
import { adTemplate, assistant, auditLog, costRecord, costRecordV2, course, emulateTemplate, live, message, productTemplate, rechargeRecord, student, subadmin, teacher, vodCourse, vodSession } from "../index";
import { routeTitles } from "../routes";
import { toolPages } from "../tools/tools";
import { livePages } from "../lives/routes";
import { aichatKey } from "../live-monitor/monitor-api";
import type { FrameDecl } from "./frame";

/** Sidebar group labels, in sidebar order (1 §2.2). */
export const sidebarGroups = [
  { key: "account", label: "我的账户" },
  { key: "user", label: "用户管理" },
  { key: "course", label: "课程直播" },
  { key: "clouddisk", label: "云盘管理" },
  { key: "message", label: "消息通知" },
  { key: "paas", label: "PaaS接入" },
  { key: "commerce", label: "直播带货" },
  { key: "monitor", label: "智能监控" },
  { key: "preference", label: "偏好设置" },
  { key: "fzlive", label: "仿真直播" },
  { key: "valueadded", label: "增值服务" },
  { key: "classroom", label: "智慧教室" },
  { key: "review", label: "内审外宣" },
  { key: "atmosphere", label: "氛围暖场" },
  { key: "digitalhuman", label: "数字人管理" },
] as const;
export type SidebarGroupKey = (typeof sidebarGroups)[number]["key"];

export interface MenuItem {
  key: string;
  label: string;
  sidebar: SidebarGroupKey;
}

/** A menu item's words are its route's title (resources/routes), the route being `/<key>`. */
function item(key: string, sidebar: SidebarGroupKey): MenuItem {
  const label = routeTitles[`/${key}`];
  if (!label) throw new Error(`菜单项 ${key} 没有声明的路由 /${key}`);
  return { key, label, sidebar };
}

/** The menu item of a tool page: the key that opens it, under that key's route title. */
const toolItem = (tool: FrameDecl, sidebar: SidebarGroupKey): MenuItem => item(tool.menuKey, sidebar);

/** The menu item of a declared resource: its key, sidebar group and title, as declared. */
const entry = (decl: ResourceDecl): MenuItem => ({ key: decl.menu.key, label: decl.title, sidebar: decl.menu.group });

export interface PermissionGroup {
  label: string;
  /** The label the saved permission value carries, when it differs (the course-and-live group). */
  savedLabel?: string;
  items: MenuItem[];
}

/** Permission groups and item paths, in the order of 1 §3. */
export const permissionGroups: PermissionGroup[] = [
  {
    label: "我的账户",
    items: [
      item(overviewMenuKey, "account"),
      item("recharge", "account"),
      entry(rechargeRecord),
      entry(costRecord),
      entry(costRecordV2),
      item("groupCertification", "account"),
    ],
  },
  {
    label: "用户管理",
    items: [
      entry(teacher),
      entry(assistant),
      entry(student),
      toolItem(toolPages.mediaUploadMgr, "user"),
    ],
  },
  {
    label: "课程与直播管理",
    savedLabel: "课程直播",
    items: [
      entry(course),
      entry(live),
    ],
  },
  {
    label: "录播管理",
    items: [
      entry(vodCourse),
      entry(vodSession),
      toolItem(toolPages.vodMediaMgr, "course"),
    ],
  },
  { label: "字幕管理", items: [toolItem(toolPages.srtMediaMgr, "course")] },
  {
    label: "PaaS接入",
    items: [
      item(developerMenuKey, "paas"),
      item(pushMenuKey, "paas"),
    ],
  },
  { label: "云盘管理", items: [item(cloudDiskKeys.org, "clouddisk")] },
  { label: "消息通知", items: [entry(message)] },
  { label: "直播带货", items: [entry(productTemplate)] },
  {
    label: "题库考试",
    items: [
      toolItem(toolPages.questionBankMgr, "classroom"),
      toolItem(toolPages.questionTagMgr, "classroom"),
      toolItem(toolPages.examMgr, "classroom"),
    ],
  },
  {
    label: "数字人管理",
    items: [
      toolItem(toolPages.virtualAudio, "digitalhuman"),
      toolItem(toolPages.virtualProtrait, "digitalhuman"),
      toolItem(toolPages.virtualOcr, "digitalhuman"),
      toolItem(toolPages.virtualBgDoc, "digitalhuman"),
      toolItem(toolPages.virtualBgVideo, "digitalhuman"),
      toolItem(toolPages.virtualMake, "digitalhuman"),
    ],
  },
  {
    label: "智能监控",
    items: [
      item(liveMonitorKey, "monitor"),
      item(chatMonitorKey, "monitor"),
      item(filterWordsKey, "monitor"),
    ],
  },
  {
    label: "氛围暖场",
    items: [
      item(aichatKey, "atmosphere"),
      toolItem(toolPages.chatRobotMgr, "atmosphere"),
      toolItem(toolPages.chatTemplateMgr, "atmosphere"),
    ],
  },
  {
    label: "内审外宣",
    items: [
      toolItem(toolPages.streamFilterWords, "review"),
      toolItem(toolPages.streamRec, "review"),
    ],
  },
  { label: "偏好设置", items: [item(liveSettingKey, "preference")] },
  { label: "仿真直播", items: [entry(emulateTemplate)] },
  { label: "增值服务", items: [item(smartServiceKey, "valueadded")] },
  { label: "广告管理", items: [entry(adTemplate)] },
];

/** Only the main admin manages sub-admins; it is never granted to a sub-admin. */
export const mainAdminOnlyItem = entry(subadmin);

/**
 * Every item only the main admin has, never in the permission picker: sub-admins, and the
 * organisation's log of changes (resources/platform/audit-log.ts).
 */
export const mainAdminOnlyItems = [mainAdminOnlyItem, entry(auditLog)];

/** Extended (live-system) permission groups (1 §3). `defaultOn` items start checked. */
export const extendedPermissionGroups = [
  {
    label: "直播回放",
    items: [
      // A download's permission reads as its page's title (2 §2), the video's having no page.
      { key: "audioDown", label: livePages.audioDown.title },
      { key: "videoDown", label: "视频下载" },
      { key: "docDown", label: livePages.downloadDoc.title },
    ],
  },
  {
    label: "课程类型",
    items: [
      // The picker's order (1 §3); each type's label is its course type's.
      ...["smallClass", "bigClass", "hudongClass", "doubleTeaClass", "mergeClass", "bigSmallClass", "publicReplyClass"].map((key) => ({
        key,
        label: courseTypes.find((type) => type.permission === key)!.label,
        ...(key === "bigClass" ? { defaultOn: true } : {}),
      })),
    ],
  },
  {
    label: "更多设置",
    items: [
      { key: "syncLive", label: "同步直播" },
      { key: "liveUserData", label: livePages.exportLiveUserDataShowData.title },
    ],
  },
] as { label: string; items: { key: string; label: string; defaultOn?: boolean }[] }[];

/** Teachers and assistants get only the cloud disk (1 §6). */
export const portalCloudDisk = {
  teacher: { org: cloudDiskKeys.org, personal: cloudDiskKeys.personal.teacher },
  assistant: { org: cloudDiskKeys.org, personal: cloudDiskKeys.personal.assistant },
} as const;

export type PortalRole = keyof typeof portalCloudDisk;

/**
 * The permission tree of a teacher or assistant (1 §6): the cloud disk only, the organisation
 * disk (read only to them) and their personal disk, which starts checked.
 */
export const portalPermissionGroups = (role: PortalRole) => [
  {
    label: "云盘管理",
    items: [
      { key: portalCloudDisk[role].org, label: "机构云盘" },
      { key: portalCloudDisk[role].personal, label: "个人云盘", defaultOn: true },
    ],
  },
];

/** A saved permission value (1 §3): groups, each with its label and checked items. */
export type SavedPermissions = { label: string; subMenus: { label: string; path: string }[] }[];

export const allMenuKeys = (): string[] => permissionGroups.flatMap((g) => g.items.map((i) => i.key));

/** The menu keys a saved permission value grants. */
export function grantedKeys(saved: SavedPermissions | null | undefined): Set<string> {
  const known = new Set(allMenuKeys());
  const keys = new Set<string>();
  for (const group of saved ?? []) for (const item of group.subMenus ?? []) if (known.has(item.path)) keys.add(item.path);
  return keys;
}

type Catalogue = { label: string; savedLabel?: string; items: { key: string; label: string; defaultOn?: boolean }[] }[];

/** The saved value of the keys a catalogue knows among `keys`, in catalogue order. */
function saveFrom(catalogue: Catalogue, keys: Iterable<string>): SavedPermissions {
  const wanted = new Set(keys);
  return catalogue
    .map((g) => ({
      label: g.savedLabel ?? g.label,
      subMenus: g.items.filter((i) => wanted.has(i.key)).map((i) => ({ label: i.label, path: i.key })),
    }))
    .filter((g) => g.subMenus.length > 0);
}

const defaultKeys = (catalogue: Catalogue) => catalogue.flatMap((g) => g.items.filter((i) => i.defaultOn).map((i) => i.key));

/** The saved permission value for a set of keys, in catalogue order. */
export const savePermissions = (keys: Iterable<string>): SavedPermissions => saveFrom(permissionGroups, keys);

/** The saved extended (live-system) permissions for a set of keys; by default the `defaultOn` ones. */
export const saveExtendedPermissions = (keys: Iterable<string> = defaultKeys(extendedPermissionGroups)): SavedPermissions =>
  saveFrom(extendedPermissionGroups, keys);

/** The saved permissions of a teacher or assistant; by default the personal cloud disk only. */
export const savePortalPermissions = (role: PortalRole, keys: Iterable<string> = defaultKeys(portalPermissionGroups(role))): SavedPermissions =>
  saveFrom(portalPermissionGroups(role), keys);
