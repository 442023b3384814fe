import { portalCalls } from "../../../resources/portal/calls";
import { defineFeature } from "../../engine/calls";
import { accountHandlers } from "./account";
import { calendarHandlers } from "./calendar";
import { authByFeedAddress } from "./feed-credential";
import { liveHandlers } from "./lives";
import { messageHandlers } from "./messages";

/** The portal's calls for teachers, assistants and students (2 §7 "Portal"), and their calendar feed. */
export default defineFeature({
  group: portalCalls,
  handlers: (ctx) => ({ ...liveHandlers(ctx), ...messageHandlers(ctx), ...accountHandlers(ctx), ...calendarHandlers(ctx) }),
  credentials: ({ db }) => ({
    feedSecret: async (request) => {
      request.auth = await authByFeedAddress(db, request);
    },
  }),
});
