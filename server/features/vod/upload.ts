import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Server } from "@tus/server";
import { FileStore } from "@tus/file-store";
import { mediaMenuKeys } from "../../../resources/vod/calls";
import { mediaApi, mediaLimits } from "../../../resources/vod/media-api";
import { hostPrefixes } from "../../config";
import type { Db } from "../../db/database";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { needAnyMenu } from "../../plugins/permissions";
import { openUpload } from "../../services/media/media";
import { ABANDONED_AFTER_MS } from "../../services/media/media-jobs";
import type { MediaStore } from "../../services/media/store";

const badToken = () => new ApiError(401, "上传凭证无效或已过期", 401);

/** The `token` of a creation's Upload-Metadata (`key base64,key base64`). */
function tokenOf(header: string | string[] | undefined): string {
  for (const pair of (typeof header === "string" ? header : "").split(",")) {
    const [name, value] = pair.trim().split(" ");
    if (name === "token" && value) return Buffer.from(value, "base64").toString("utf8");
  }
  return "";
}

// @ts-expect-error: the store's folder is made at start (services/media/store.ts); see the cloud disk's upload for why its own fire-and-forget mkdir is replaced.
class PreparedFileStore extends FileStore {
  checkOrCreateDirectory() {}
}

/**
 * The resumable upload of a recorded session's video (3 §9, tus 1.0 at mediaApi.tus), as the cloud
 * disk's: a dropped connection costs the part in flight. Each request needs a session holding a
 * media key and the token `upload_token` answered, which is the upload's own random name, bound
 * to its video row of the organisation; the size was declared with the token and may not differ.
 * Not declared calls: a binary protocol @tus/server reads itself (the registration census lists them).
 */
export function mountVodUpload(app: FastifyInstance, db: Db, store: MediaStore) {
  const tusPath = hostPrefixes[mediaApi.tus.host] + mediaApi.tus.path;
  const tus = new Server({
    path: tusPath,
    datastore: new PreparedFileStore({ directory: store.incomingDir, expirationPeriodInMilliseconds: ABANDONED_AFTER_MS }),
    maxSize: mediaLimits.maxUploadBytes,
    relativeLocation: true,
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    // The guard has checked that this token is an open upload of the caller's organisation.
    namingFunction: (_req, metadata) => metadata?.token ?? "",
    onResponseError: async (_req, err) =>
      err instanceof ApiError ? { status_code: err.status >= 400 ? err.status : 400, body: JSON.stringify({ code: err.code, data: err.data, msg: err.message }) } : undefined,
  });

  const uploader = async (request: FastifyRequest) => {
    needAnyMenu(request, mediaMenuKeys);
    const token = request.method === "POST" ? tokenOf(request.headers["upload-metadata"]) : (request.params as { id?: string }).id;
    const open = token ? await openUpload(orgScope(request, db), token) : undefined;
    if (!open) throw badToken();
    if (request.method === "POST" && Number(request.headers["upload-length"]) !== Number(open.size)) throw fail.bad("文件大小与申请上传时不一致");
  };

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
    const schema = { summary: "tus 1.0 upload of a recorded session's video: the session and the upload_token's token (Upload-Metadata token) are required", tags: ["vod"] };
    // eslint-disable-next-line no-restricted-syntax -- tus 1.0 is a binary protocol @tus/server reads itself (census exception)
    scope.route({ method: "POST", url: tusPath, schema, preValidation: uploader, handler: handOver });
    // eslint-disable-next-line no-restricted-syntax -- tus 1.0 is a binary protocol @tus/server reads itself (census exception)
    scope.route({ method: ["PATCH", "HEAD", "DELETE"], url: `${tusPath}/:id`, schema, preValidation: uploader, handler: handOver });
  });
}
