import { liveCalls } from "../../../resources/lives/calls";
import { defineFeature } from "../../engine/calls";
import { tokenSecret } from "../../services/tool-tokens";
import { listHandlers } from "./lists";
import { shareHandlers } from "./share";
import { studentHandlers } from "./students";
import { validatorHandlers } from "./validator";
import { whitelistHandlers } from "./whitelist";
import { writeHandlers } from "./writes";

/**
 * Lives (2 §2, §5, §7): every query through the session's organisation scope, every write through
 * its service (services/lives, live-writes, whitelist) with its audit row; the group defaults are
 * the engine's single-record table (resources/lives/live-setting.ts). Viewer
 * verification is part of a live here, as the spec has it (2 §2 设置验证方式 on a live's row).
 */
export default defineFeature({
  group: liveCalls,
  handlers: (ctx) => {
    const key = tokenSecret(ctx.config);
    return {
      ...listHandlers(ctx),
      ...studentHandlers(ctx),
      ...shareHandlers(ctx),
      ...writeHandlers(ctx),
      ...validatorHandlers(ctx, key),
      ...whitelistHandlers(ctx, key),
    };
  },
});
