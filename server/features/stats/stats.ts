import { statsCalls } from "../../../resources/stats/calls";
import { defineFeature } from "../../engine/calls";
import { boardHandlers } from "./board";
import { chartHandlers } from "./charts";
import { consumeHandlers } from "./consume";
import { homeHandlers } from "./home";

/** The admin home dashboard and the statistics pages (1 §2.3, §7; 3 §2.2, §7.2, §7.4b). */
export default defineFeature({
  group: statsCalls,
  handlers: (ctx) => ({ ...homeHandlers(ctx), ...boardHandlers(ctx), ...chartHandlers(ctx), ...consumeHandlers(ctx) }),
});
