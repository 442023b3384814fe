import { filterWordsKey } from "../filter-words/filter-words";
import { access } from "../kernel/call";
import { defineSingle } from "../kernel/single";
import { liveApi, liveCourseKeys, liveMessages, liveSettingKey } from "./live-api";
import { groupConfigDefaults } from "./live-config";

/**
 * The organisation's live defaults and liveConfigPermissions (2 §2 /liveSetting, 3 §3 group
 * config, §7.5): one record per organisation in group_configs, JSON text in `config` both in the
 * table and on the wire, every value text. /liveSetting changes them; the live form reads them
 * too, so reading is also open to liveop and courseop, and /filterWords shows its white list only
 * while `openFilterChat` is on, so to filterWords. New lives start from them.
 */
export const liveSetting = defineSingle({
  name: "groupConfig",
  title: "直播设置",
  api: { get: liveApi.groupConfig, update: liveApi.groupConfigSet },
  access: { read: access.menu([liveSettingKey, ...liveCourseKeys, filterWordsKey]), write: access.menu([liveSettingKey]) },
  form: "group-config.edit",
  saved: liveMessages.groupConfigSaved,
  table: {
    name: "group_configs",
    updated: "updated_at",
    single: { schema: "group-config", defaults: groupConfigDefaults, json: { column: "config", wire: "config", invalid: "配置格式不正确" }, numbersAsText: true },
  },
});
