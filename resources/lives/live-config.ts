/**
 * The live config and the group config (2 §3 "Live config", 3 §3 "Group config", 2 §9 and 3 §9
 * defaults). A live's config is JSON text with every value a string; the group config carries the
 * same keys as the defaults new lives start from, plus `liveConfigPermissions`: for each setting,
 * whether the live form lets the admin choose it freely (the "can-free-setting" checkbox of 2 §2).
 */

/** The keys of a live's config, in the order the preference panels show them. */
export const liveConfigKeys = [
  "layout", "teaEnterTs", "stuEnterTs", "pushStreamType", "pptDefaultSwitchMode", "replaySizeSetting",
  "showUserNumByChat", "stuShowNum", "openFilterChat", "filterChatDefault", "openSyncLive",
] as const;
export type LiveConfigKey = (typeof liveConfigKeys)[number];
export type LiveConfig = Record<LiveConfigKey, string>;

/** Defaults (2 §9, 3 §9): PPT mode 1, replay size 1, push mode 0, layout 1, entry 30 minutes; switches off. */
export const liveConfigDefaults: LiveConfig = {
  layout: "1",
  teaEnterTs: "30",
  stuEnterTs: "30",
  pushStreamType: "0",
  pptDefaultSwitchMode: "1",
  replaySizeSetting: "1",
  showUserNumByChat: "0",
  stuShowNum: "0",
  openFilterChat: "0",
  filterChatDefault: "0",
  openSyncLive: "0",
};

/** The permission flag of each setting (2 §3 liveConfigPermissions). */
export const liveConfigPermissionOf: Record<LiveConfigKey, string> = {
  layout: "layoutSetting",
  teaEnterTs: "teaEnterTsSetting",
  stuEnterTs: "stuEnterTsSetting",
  pushStreamType: "pushStreamSetting",
  pptDefaultSwitchMode: "pptDefaultSwitchModeSetting",
  replaySizeSetting: "replaySizeFreeSetting",
  showUserNumByChat: "showUserNumByChatSetting",
  stuShowNum: "stuShowUserNumSetting",
  openFilterChat: "openFilterChatSetting",
  filterChatDefault: "openFilterChatDefaultSetting",
  openSyncLive: "openSyncLiveSetting",
};
export const liveConfigPermissionKeys = Object.values(liveConfigPermissionOf);
export type LiveConfigPermissions = Record<string, string>;

/** Every setting may be chosen freely until the organisation says otherwise ("1" free, "0" fixed). */
export const liveConfigPermissionDefaults: LiveConfigPermissions = Object.fromEntries(liveConfigPermissionKeys.map((k) => [k, "1"]));

/** The group config as stored and answered: the defaults plus the permission flags, all text. */
export type GroupConfig = LiveConfig & { liveConfigPermissions: LiveConfigPermissions };

export const groupConfigDefaults: GroupConfig = { ...liveConfigDefaults, liveConfigPermissions: liveConfigPermissionDefaults };

/** Entry times (minutes before the start a teacher or student may enter): 10 to 1440, step 5 (2 §9). */
export const entryMinutes = { min: 10, max: 1440, step: 5 } as const;

/** The choices of the preference panels (2 §2, §3), value → label. */
export const liveConfigOptions = {
  layout: { "1": "现代", "2": "经典" },
  pushStreamType: { "1": "手动推流", "0": "自动推流" },
  pptDefaultSwitchMode: { "1": "动画模式", "0": "极速模式" },
  replaySizeSetting: { "1": "标准1080P", "2": "自适应" },
} as const;

/** Labels of the settings, for the panels, /liveSetting and the switches of "more settings". */
export const liveConfigLabels: Record<LiveConfigKey, string> = {
  layout: "布局",
  teaEnterTs: "老师提前进入时间（分钟）",
  stuEnterTs: "学生提前进入时间（分钟）",
  pushStreamType: "推流方式",
  pptDefaultSwitchMode: "PPT默认切换模式",
  replaySizeSetting: "回放尺寸",
  showUserNumByChat: "聊天区显示在线人数",
  stuShowNum: "学生端显示在线人数",
  openFilterChat: "开启聊天审核",
  filterChatDefault: "聊天默认过滤",
  openSyncLive: "开启同步直播",
};

/**
 * A config from JSON text, every known key present as text: unknown keys are dropped, missing or
 * malformed ones take `base` (the group's defaults for a new live). Never throws.
 */
export function parseLiveConfig(text: string | null | undefined, base: LiveConfig = liveConfigDefaults): LiveConfig {
  let given: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) given = parsed as Record<string, unknown>;
  } catch {
    given = {};
  }
  return Object.fromEntries(
    liveConfigKeys.map((k) => {
      const v = given[k];
      return [k, typeof v === "string" || typeof v === "number" ? String(v) : base[k]];
    }),
  ) as LiveConfig;
}

/** The group config from JSON text, defaults where a key is missing. Never throws. */
export function parseGroupConfig(text: string | null | undefined): GroupConfig {
  let given: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) given = parsed as Record<string, unknown>;
  } catch {
    given = {};
  }
  const perms = (given.liveConfigPermissions && typeof given.liveConfigPermissions === "object" ? given.liveConfigPermissions : {}) as Record<string, unknown>;
  return {
    ...parseLiveConfig(JSON.stringify(given)),
    liveConfigPermissions: Object.fromEntries(
      liveConfigPermissionKeys.map((k) => [k, perms[k] === "0" || perms[k] === 0 ? "0" : "1"]),
    ),
  };
}
