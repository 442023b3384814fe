import path from "node:path";
import { timeMachineCalls } from "../../../resources/time-machine/calls";
import { timeMachineApi, timeMachineMessages, timeMachineSettings } from "../../../resources/time-machine/time-machine";
import { localDiskStorage } from "../../adapters/storage";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, apiNotFound, fail, ok } from "../../plugins/envelope";
import { storedFile } from "../../plugins/security-headers";
import { roomScope } from "../../services/rooms/room-token";
import { peekImage } from "../../services/uploads";
import { footmarkOf, isOwnFrame, needFrameRoom, recordFrame } from "../../services/time-machine/footmarks";
import { roomViewerOf } from "../rooms";

/** A multipart body busboy cannot read (no boundary, a broken part) is the caller's mistake, not ours. */
const parsing = <T>(step: Promise<T>): Promise<T> =>
  step.catch((err: { statusCode?: number }) => {
    throw err instanceof ApiError || err.statusCode ? err : fail.bad(timeMachineMessages.missing, "file");
  });

const imagePath = timeMachineApi.image.path.replace(/:name$/, "");

/**
 * The time machine (issue 20 item 5): frames the teacher's room uploads, kept in DATA_DIR/time-machine
 * under random names and recorded against the organisation's upload quota; a live's frames listed
 * for its organisation's staff, and their bytes served to them alone.
 *
 * The multipart body is read with the app's one multipart parser (@fastify/multipart, registered by
 * the image upload, server/features/courses/upload.ts), each request capped at the frame's size.
 */
export default defineFeature({
  group: timeMachineCalls,
  handlers: ({ config, db }) => {
    const store = localDiskStorage(path.join(config.dataDir, "time-machine"), imagePath);
    return {
      capture: async (request) => {
        const grant = roomViewerOf(request);
        const scope = roomScope(grant, db);
        const missing = () => fail.bad(timeMachineMessages.missing, "file");
        if (!request.isMultipart()) throw missing();
        await needFrameRoom(scope, grant, config.footmarkPeriodMs, Date.now());
        const part = await parsing(request.file({ limits: { fileSize: timeMachineSettings.maxBytes } }));
        if (!part) throw missing();
        const image = await peekImage(part.file, parsing);
        // Judged by its bytes, whatever its name or declared type: only a JPEG is kept and served as one.
        if (image.type !== "image/jpeg") {
          await image.drain();
          throw fail.bad(timeMachineMessages.notJpeg, "file");
        }
        const stored = await store.put(image.whole(), "jpg");
        const now = Date.now();
        try {
          if (part.file.truncated) throw fail.bad(timeMachineMessages.tooLarge, "file");
          await recordFrame(scope, grant, { name: stored.name, bytes: stored.bytes }, { quotaBytes: config.uploadQuotaBytes, periodMs: config.footmarkPeriodMs }, now);
        } catch (err) {
          await store.remove(stored.name);
          throw err;
        }
        return ok({ ts: now, next_ms: config.footmarkPeriodMs });
      },
      footmark: async (request) => {
        const { liveid } = request.query as { liveid: number };
        const found = await footmarkOf(orgScope(request, db), liveid, (name) => imagePath + name);
        if (!found) throw new ApiError(404, timeMachineMessages.noLive);
        return ok(found);
      },
      image: async (request, reply) => {
        const { name } = request.params as { name: string };
        // A name another organisation stored answers as one that never was.
        const file = (await isOwnFrame(orgScope(request, db), name)) ? await store.open(name) : null;
        if (!file) return apiNotFound(request, reply);
        reply.helmet(storedFile);
        return reply
          .header("content-type", "image/jpeg")
          .header("content-length", file.size)
          // A frame never changes, but who may see it is decided per request.
          .header("cache-control", "private, max-age=86400")
          .send(file.stream);
      },
    };
  },
});
