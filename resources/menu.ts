/**
 * The admin menu catalogue (1 §2.2 and §3): every item an administrator can be granted,
 * with the permission group it is granted under and the sidebar group it shows in.
 * The server builds `/cms/loginrouter`, `/cms/userpriv` and sub-admin checks from it;
 * the client builds the sidebar and the permission picker from it.
 */

import { courseTypes } from "./course";

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

export interface PermissionGroup {
  label: string;
  /** The label the saved permission value carries, when it differs (the course-and-live group). */
  savedLabel?: string;
  items: { key: string; label: string; sidebar: SidebarGroupKey }[];
}

/** Permission groups and item paths, in the order of 1 §3. */
export const permissionGroups: PermissionGroup[] = [
  {
    label: "我的账户",
    items: [
      { key: "accountOverview", label: "账户概览", sidebar: "account" },
      { key: "recharge", label: "账户充值", sidebar: "account" },
      { key: "rechargerecord", label: "充值记录", sidebar: "account" },
      { key: "costrecord", label: "消费记录", sidebar: "account" },
      { key: "costrecordv2", label: "消费明细", sidebar: "account" },
      { key: "groupCertification", label: "机构认证", sidebar: "account" },
    ],
  },
  {
    label: "用户管理",
    items: [
      { key: "teacherop", label: "老师管理", sidebar: "user" },
      { key: "assistantop", label: "助教管理", sidebar: "user" },
      { key: "studentop", label: "学生管理", sidebar: "user" },
      { key: "mediaUploadMgr", label: "媒体上传管理", sidebar: "user" },
    ],
  },
  {
    label: "课程与直播管理",
    savedLabel: "课程直播",
    items: [
      { key: "courseop", label: "课程管理", sidebar: "course" },
      { key: "liveop", label: "直播管理", sidebar: "course" },
    ],
  },
  {
    label: "录播管理",
    items: [
      { key: "vodcourseop", label: "录播课程", sidebar: "course" },
      { key: "vodop", label: "录播课节", sidebar: "course" },
      { key: "vodMediaMgr", label: "媒体管理", sidebar: "course" },
    ],
  },
  { label: "字幕管理", items: [{ key: "srtMediaMgr", label: "字幕管理", sidebar: "course" }] },
  {
    label: "PaaS接入",
    items: [
      { key: "appidop", label: "AppId管理", sidebar: "paas" },
      { key: "pushDataOp", label: "数据推送", sidebar: "paas" },
    ],
  },
  { label: "云盘管理", items: [{ key: "clouddiskop", label: "机构云盘", sidebar: "clouddisk" }] },
  { label: "消息通知", items: [{ key: "messageop", label: "消息推送", sidebar: "message" }] },
  { label: "直播带货", items: [{ key: "productTemplate", label: "商品模板", sidebar: "commerce" }] },
  {
    label: "题库考试",
    items: [
      { key: "questionBankMgr", label: "题库管理", sidebar: "classroom" },
      { key: "questionTagMgr", label: "题目标签", sidebar: "classroom" },
      { key: "examMgr", label: "考试管理", sidebar: "classroom" },
    ],
  },
  {
    label: "数字人管理",
    items: [
      { key: "virtualAudio", label: "声音模型", sidebar: "digitalhuman" },
      { key: "virtualProtrait", label: "形象模型", sidebar: "digitalhuman" },
      { key: "virtualOcr", label: "课件语料", sidebar: "digitalhuman" },
      { key: "virtualBgDoc", label: "背景文档", sidebar: "digitalhuman" },
      { key: "virtualBgVideo", label: "背景视频", sidebar: "digitalhuman" },
      { key: "virtualMake", label: "数字人制作", sidebar: "digitalhuman" },
    ],
  },
  {
    label: "智能监控",
    items: [
      { key: "liveMonitor", label: "直播监控", sidebar: "monitor" },
      { key: "chatMonitor", label: "聊天监控", sidebar: "monitor" },
      { key: "filterWords", label: "敏感词管理", sidebar: "monitor" },
    ],
  },
  {
    label: "氛围暖场",
    items: [
      { key: "aichat", label: "AI互动", sidebar: "atmosphere" },
      { key: "chatRobotMgr", label: "机器人管理", sidebar: "atmosphere" },
      { key: "chatTemplateMgr", label: "话术模板", sidebar: "atmosphere" },
    ],
  },
  {
    label: "内审外宣",
    items: [
      { key: "streamFilterWords", label: "音视频敏感词", sidebar: "review" },
      { key: "streamRecBySelect", label: "直播流审核", sidebar: "review" },
    ],
  },
  { label: "偏好设置", items: [{ key: "liveSetting", label: "直播设置", sidebar: "preference" }] },
  { label: "仿真直播", items: [{ key: "fzLiveTemplate", label: "仿真直播模板", sidebar: "fzlive" }] },
  { label: "增值服务", items: [{ key: "smartTeaService", label: "智能提醒", sidebar: "valueadded" }] },
  { label: "广告管理", items: [{ key: "adTemplate", label: "广告模板", sidebar: "commerce" }] },
];

/** Only the main admin manages sub-admins; it is never granted to a sub-admin. */
export const mainAdminOnlyItem = { key: "adminop", label: "子管理员", sidebar: "user" as SidebarGroupKey };

/**
 * Every item only the main admin has, never in the permission picker: sub-admins, and the
 * organisation's log of changes (resources/audit-log.ts).
 */
export const mainAdminOnlyItems = [mainAdminOnlyItem, { key: "auditLog", label: "操作日志", sidebar: "account" as SidebarGroupKey }];

/** Extended (live-system) permission groups (1 §3). `defaultOn` items start checked. */
export const extendedPermissionGroups = [
  {
    label: "直播回放",
    items: [
      { key: "audioDown", label: "音频下载" },
      { key: "videoDown", label: "视频下载" },
      { key: "docDown", label: "课件下载" },
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
      { key: "liveUserData", label: "听课数据" },
    ],
  },
] as { label: string; items: { key: string; label: string; defaultOn?: boolean }[] }[];

/** Teachers and assistants get only the cloud disk (1 §6). */
export const portalCloudDisk = {
  teacher: { org: "clouddiskop", personal: "teaclouddiskop" },
  assistant: { org: "clouddiskop", personal: "assclouddiskop" },
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
