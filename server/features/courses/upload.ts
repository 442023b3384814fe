import path from "node:path";
import type { FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { uploadCalls } from "../../../resources/courses/calls";
import { imageRules, imageUpload, largestImageBytes, type ImageRule, type ImageRuleName } from "../../../resources/kernel/upload";
import { localDiskStorage } from "../../adapters/storage";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, apiNotFound, fail, ok } from "../../plugins/envelope";
import { needAnyMenu } from "../../plugins/permissions";
import { needRoom, peekImage, recordUpload, type UploadLimits } from "../../services/uploads";

const contentTypeOf: Record<string, string> = Object.fromEntries(
  Object.values(imageRules).flatMap((rule) => Object.entries(rule.types).map(([type, ext]) => [ext, type])),
);

/**
 * The rule the query names. Access is resolved before the query is validated, so a name that is
 * no rule is judged as the cover rule here and refused by the schema right after.
 */
const ruleOf = (request: FastifyRequest): ImageRule => {
  const name = (request.query as { rule?: unknown } | undefined)?.rule;
  return typeof name === "string" && Object.hasOwn(imageRules, name) ? imageRules[name as ImageRuleName] : imageRules.cover;
};

/** A multipart body busboy cannot read (no boundary, a broken part) is the caller's mistake, not ours. */
const parsing = <T>(step: Promise<T>): Promise<T> =>
  step.catch((err: { statusCode?: number }) => {
    throw err instanceof ApiError || err.statusCode ? err : fail.bad("请求数据格式错误", "file");
  });

/**
 * The image upload (1 §7 "Upload file", 2 §7), answered with the URL the file is served at, and
 * the files it stored (DATA_DIR/uploads). Each stored file is recorded against its organisation's
 * quota and rate (services/uploads.ts).
 */
export default defineFeature({
  group: uploadCalls,
  handlers: ({ app, config, db }) => {
    // Multipart with a file-size cap per request: past the rule's size busboy cuts the file off
    // and discards the rest unread into memory. Only this feature reads a multipart body.
    void app.register(fastifyMultipart, {
      limits: { fileSize: largestImageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 200 },
      // Checked after reading instead, so the file's own type is judged before its size.
      throwFileSizeLimit: false,
    });
    const storage = localDiskStorage(path.join(config.dataDir, "uploads"));
    const limits: UploadLimits = { quotaBytes: config.uploadQuotaBytes, perMinute: imageUpload.perMinute };
    return {
      upload: async (request) => {
        const scope = orgScope(request, db);
        const rule = ruleOf(request);
        const missing = () => fail.bad(imageUpload.messages.missing, "file");
        if (!request.isMultipart()) throw missing();
        await needRoom(scope, limits);
        const part = await parsing(request.file({ limits: { fileSize: rule.maxBytes } }));
        if (!part) throw missing();
        const image = await peekImage(part.file, parsing);
        const ext = image.type && Object.hasOwn(rule.types, image.type) ? rule.types[image.type] : undefined;
        if (!ext) {
          await image.drain();
          throw fail.bad(rule.messages.type, "file");
        }
        const stored = await storage.put(image.whole(), ext);
        try {
          if (part.file.truncated) throw fail.bad(rule.messages.size, "file");
          await recordUpload(scope, { name: stored.name, bytes: stored.bytes }, limits);
        } catch (err) {
          await storage.remove(stored.name);
          throw err;
        }
        return ok({ url: stored.url }, { url: stored.url, msg: "上传成功" });
      },
      file: async (request, reply) => {
        const { name } = request.params as { name: string };
        const ext = path.extname(name).slice(1);
        const file = contentTypeOf[ext] ? await storage.open(name) : null;
        if (!file) return apiNotFound(request, reply);
        return reply
          .header("content-type", contentTypeOf[ext])
          .header("content-length", file.size)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(file.stream);
      },
    };
  },
  credentials: () => ({
    /** The main admin, or a sub-admin holding a menu key of the form the rule serves. */
    "upload.rule": (request) => needAnyMenu(request, ruleOf(request).menuKeys),
  }),
});
