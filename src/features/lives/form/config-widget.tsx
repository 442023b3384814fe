import type { WidgetProps } from "@rjsf/utils";
import {
  groupConfigDefaults,
  liveConfigKeys,
  liveConfigPermissionOf,
  parseGroupConfig,
  parseLiveConfig,
  type GroupConfig,
  type LiveConfig,
  type LiveConfigKey,
} from "../../../../resources/lives/live-config";
import { ConfigPanels } from "./config-panels";

/** Whether the group fixes a setting for every live (its liveConfigPermissions flag "0", 2 §3). */
export const fixedBy = (group: GroupConfig) => (key: LiveConfigKey) => group.liveConfigPermissions[liveConfigPermissionOf[key]] === "0";

/**
 * A live's config as its form shows it: its own values over the group's defaults, and the group's
 * value wherever the group fixes the setting (the server stores that value whatever is sent).
 */
export function shownConfig(text: unknown, group: GroupConfig): LiveConfig {
  const own = parseLiveConfig(typeof text === "string" ? text : "", group);
  const fixed = fixedBy(group);
  return Object.fromEntries(liveConfigKeys.map((key) => [key, fixed(key) ? group[key] : own[key]])) as LiveConfig;
}

/**
 * `"ui:widget": "liveConfig"`: the preference panels over a config's JSON text. In a live form
 * (`ui:options.group`, the group config the page read) each setting is editable only while the
 * group leaves it free; with `ui:options.mode` "group" (/liveSetting) the text is the group config
 * itself and each setting has its 允许自由设置 box.
 */
export function LiveConfigWidget({ id, value, onChange, options, disabled, readonly }: WidgetProps) {
  const locked = !!(disabled || readonly);
  if (options.mode === "group") {
    const group = parseGroupConfig(typeof value === "string" ? value : "");
    const write = (next: GroupConfig) => onChange(JSON.stringify(next));
    return (
      <ConfigPanels
        idPrefix={id}
        config={group}
        disabled={locked}
        onChange={(key, setting) => write({ ...group, [key]: setting })}
        freedom={{
          of: (flag) => group.liveConfigPermissions[flag] !== "0",
          onChange: (flag, free) => write({ ...group, liveConfigPermissions: { ...group.liveConfigPermissions, [flag]: free ? "1" : "0" } }),
        }}
      />
    );
  }
  const group = (options.group as GroupConfig | undefined) ?? groupConfigDefaults;
  const config = shownConfig(value, group);
  return (
    <fieldset className="live-config-fieldset">
      <legend>偏好设置</legend>
      <ConfigPanels idPrefix={id} config={config} disabled={locked} fixed={fixedBy(group)} onChange={(key, setting) => onChange(JSON.stringify({ ...config, [key]: setting }))} />
    </fieldset>
  );
}
