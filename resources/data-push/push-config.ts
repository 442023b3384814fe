import { access } from "../kernel/call";
import { defineSingle } from "../kernel/single";
import { pushApi, pushConfigDefaults, pushMenuKey, pushMessages } from "./push-api";

/**
 * The organisation's data push config (3 §2.7, §3, §7.7): the master switch and the declared groups
 * of apis, each with its address and its own switch; one row per organisation in push_configs,
 * the groups as JSON text. Deliveries read it at most 5 minutes late (server/services/data-push/push-config-cache.ts).
 */
export const pushConfig = defineSingle({
  name: "pushConfig",
  title: "数据推送",
  api: { get: pushApi.config, update: pushApi.configSet },
  access: { read: access.menu([pushMenuKey]), write: access.menu([pushMenuKey]) },
  form: "push-config.edit",
  saved: pushMessages.saved,
  table: {
    name: "push_configs",
    updated: "updated_at",
    hooks: "push-config",
    columns: [
      { column: "status", wire: "status" },
      { column: "config", wire: "config", json: true },
    ],
    single: { schema: "push-config.edit", defaults: pushConfigDefaults as unknown as Record<string, unknown> },
  },
});
