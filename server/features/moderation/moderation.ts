import type { FastifyRequest } from "fastify";
import { moderationCalls } from "../../../resources/moderation/calls";
import { moderationMessages } from "../../../resources/moderation/moderation-api";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { chatMonitor, replyChat, reviewChats, type Publish, type ReplyBody, type ReviewMove } from "../../services/moderation/moderation";

type Ids = { liveid: number; chatids: number[] };

/**
 * Chat moderation and the chat monitor (issue 20 items 1, 2): the calls of resources/moderation/calls.ts.
 * What changes is told to the rooms on the hub's bus (the rooms feature sets it up with the app).
 */
export default defineFeature({
  group: moderationCalls,
  handlers: ({ db, app }) => {
    const publish: Publish = (event) => app.roomBus.publish(event);
    const review = (move: ReviewMove, done: string) => async (request: FastifyRequest) => {
      const n = await reviewChats(orgScope(request, db), publish, move, request.body as Ids);
      return ok({ count: n }, { msg: done });
    };
    return {
      pass: review("pass", moderationMessages.passed),
      ban: review("ban", moderationMessages.passed),
      revoke: review("revoke", moderationMessages.revoked),
      reply: async (request) => ok(await replyChat(orgScope(request, db), publish, request.body as ReplyBody, Date.now()), { msg: moderationMessages.replied }),
      monitor: async (request) => {
        const { rows, total } = await chatMonitor(orgScope(request, db), request.body as { page: number; count: number; scale: number; ts: number }, Date.now());
        return ok(rows, { count: total });
      },
    };
  },
});
