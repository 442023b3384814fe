import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { imageHeadBytes, imageTypeOf, imageUpload, uploadApi } from "../../../resources/upload";
import { localDiskStorage, type StorageAdapter } from "../../adapters/storage";
import type { Ctx } from "../../context";
import { apiNotFound, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { route } from "../define";

const tags = ["upload"];

const contentTypeOf: Record<string, string> = Object.fromEntries(Object.entries(imageUpload.types).map(([type, ext]) => [ext, type]));

/**
 * POST /upload (the upload host kind): one multipart file field, a jpeg or png of at most 3 MB,
 * answered with the URL it is served at. Multipart is registered in this plugin only, with a
 * file-size cap: past 3 MB busboy cuts the file off and discards the rest unread into memory.
 * `storage` replaces the local-disk default (DATA_DIR/uploads).
 */
export default async function uploadRoutes(app: FastifyInstance, ctx: Ctx & { storage?: StorageAdapter }) {
  const storage = ctx.storage ?? localDiskStorage(path.join(ctx.config.dataDir, "uploads"));
  await app.register(fastifyMultipart, {
    limits: { fileSize: imageUpload.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 200 },
    // Checked after reading instead, so the file's own type is judged before its size.
    throwFileSizeLimit: false,
  });

  const admin = (request: FastifyRequest) => needIdentity(request, "admin");
  route(app, uploadApi.upload, { guard: admin, summary: "Uploads one jpeg or png (≤ 3 MB); answers {url}", tags }, async (request) => {
    admin(request);
    const missing = () => fail.bad(imageUpload.messages.missing, "file");
    if (!request.isMultipart()) throw missing();
    const part = await request.file();
    if (!part) throw missing();
    const chunks = part.file[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < imageHeadBytes) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      headBytes += next.value.length;
    }
    const type = imageTypeOf(Buffer.concat(head));
    const ext = type ? imageUpload.types[type] : undefined;
    if (!ext) {
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
      throw fail.bad(imageUpload.messages.type, "file");
    }
    const stored = await storage.put(
      (async function* () {
        yield* head;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      })(),
      ext,
    );
    if (part.file.truncated) {
      await storage.remove(stored.name);
      throw fail.bad(imageUpload.messages.size, "file");
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
      .header("x-content-type-options", "nosniff")
      .send(file.stream);
  });
}
