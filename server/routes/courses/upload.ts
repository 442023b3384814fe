import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { imageHeadBytes, imageRules, imageTypeOf, imageUpload, largestImageBytes, uploadApi, type ImageRule, type ImageRuleName } from "../../../resources/upload";
import { localDiskStorage, type StorageAdapter } from "../../adapters/storage";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ApiError, apiNotFound, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { needRoom, recordUpload, type UploadLimits } from "../../services/uploads";
import { route } from "../../engine/route";

const tags = ["upload"];

const contentTypeOf: Record<string, string> = Object.fromEntries(
  Object.values(imageRules).flatMap((rule) => Object.entries(rule.types).map(([type, ext]) => [ext, type])),
);

/**
 * The rule the query names. The guard runs before the query is validated, so a name that is no
 * rule is judged as the cover rule here and refused by the schema right after.
 */
const ruleOf = (request: FastifyRequest): ImageRule => {
  const name = (request.query as { rule?: unknown } | undefined)?.rule;
  return typeof name === "string" && Object.hasOwn(imageRules, name) ? imageRules[name as ImageRuleName] : imageRules.cover;
};

/** The main admin, or a sub-admin holding a menu key of the form the rule serves. */
function uploader(request: FastifyRequest) {
  const auth = needIdentity(request, "admin");
  const keys = menuKeysOf(auth.identity);
  if (!ruleOf(request).menuKeys.some((k) => keys.has(k))) throw fail.forbidden();
  return auth;
}

/** A multipart body busboy cannot read (no boundary, a broken part) is the caller's mistake, not ours. */
const parsing = <T>(step: Promise<T>): Promise<T> =>
  step.catch((err: { statusCode?: number }) => {
    throw err instanceof ApiError || err.statusCode ? err : fail.bad("请求数据格式错误", "file");
  });

/**
 * POST /upload (the upload host kind): one multipart file field, judged by the rule the query
 * names (a cover: jpeg or png of at most 3 MB; a verification image: jpeg, png or bmp of at most
 * 5 MB), answered with the URL it is served at. Multipart is registered in this plugin only, with
 * a file-size cap per request: past the rule's size busboy cuts the file off and discards the rest
 * unread into memory.
 * Each stored file is recorded against its organisation's quota and rate (services/uploads.ts).
 * `storage` replaces the local-disk default (DATA_DIR/uploads).
 */
export default async function uploadRoutes(app: FastifyInstance, ctx: Ctx & { storage?: StorageAdapter }) {
  const storage = ctx.storage ?? localDiskStorage(path.join(ctx.config.dataDir, "uploads"));
  const limits: UploadLimits = { quotaBytes: ctx.config.uploadQuotaBytes, perMinute: imageUpload.perMinute };
  await app.register(fastifyMultipart, {
    limits: { fileSize: largestImageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 200 },
    // Checked after reading instead, so the file's own type is judged before its size.
    throwFileSizeLimit: false,
  });

  route(app, uploadApi.upload, { query: "upload.query", guard: uploader, summary: "Uploads one image by the rule of ?rule= (cover: jpeg/png ≤ 3 MB; verification: jpeg/png/bmp ≤ 5 MB) within the organisation's quota and rate; answers {url}", tags }, async (request) => {
    const scope = orgScope(request, ctx.db);
    const rule = ruleOf(request);
    const missing = () => fail.bad(imageUpload.messages.missing, "file");
    if (!request.isMultipart()) throw missing();
    await needRoom(scope, limits);
    const part = await parsing(request.file({ limits: { fileSize: rule.maxBytes } }));
    if (!part) throw missing();
    const chunks = part.file[Symbol.asyncIterator]();
    const next = () => parsing(chunks.next());
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < imageHeadBytes) {
      const chunk = await next();
      if (chunk.done) break;
      head.push(chunk.value);
      headBytes += chunk.value.length;
    }
    const type = imageTypeOf(Buffer.concat(head));
    const ext = type && Object.hasOwn(rule.types, type) ? rule.types[type] : undefined;
    if (!ext) {
      for (let chunk = await next(); !chunk.done; chunk = await next());
      throw fail.bad(rule.messages.type, "file");
    }
    const stored = await storage.put(
      (async function* () {
        for (const chunk of head) yield chunk;
        for (let chunk = await next(); !chunk.done; chunk = await next()) yield chunk.value;
      })(),
      ext,
    );
    try {
      if (part.file.truncated) throw fail.bad(rule.messages.size, "file");
      await recordUpload(scope, { name: stored.name, bytes: stored.bytes }, limits);
    } catch (err) {
      await storage.remove(stored.name);
      throw err;
    }
    return ok({ url: stored.url }, { url: stored.url, msg: "上传成功" });
  });

  route(app, uploadApi.file, { summary: "An uploaded file; names are random and never reused, so it is cached for good", tags }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const ext = path.extname(name).slice(1);
    const file = contentTypeOf[ext] ? await storage.open(name) : null;
    if (!file) return apiNotFound(request, reply);
    return reply
      .header("content-type", contentTypeOf[ext])
      .header("content-length", file.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(file.stream);
  });
}
