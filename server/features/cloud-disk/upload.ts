import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EVENTS, Server, type Upload } from "@tus/server";
import { FileStore } from "@tus/file-store";
import { cloudDisk, cloudDiskApi } from "../../../resources/cloud-disk/cloud-disk";
import { hostPrefixes } from "../../config";
import type { Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { ownDisk, readableOwners } from "../../services/cloud-disk/access";
import { abandonUpload, declareSize, finishUpload, openUpload, startUpload, statusOf } from "../../services/cloud-disk/objects";
import { verifyUpload } from "../../services/cloud-disk/signing";
import type { DiskStore } from "../../services/cloud-disk/store";
import type { Db } from "../../db/database";

const badToken = () => new ApiError(401, "上传凭证无效或已过期", 401);

/** The videoid an upload's creation names in its Upload-Metadata (`key base64,key base64`). */
function videoidOf(header: string | string[] | undefined): string {
  for (const pair of (typeof header === "string" ? header : "").split(",")) {
    const [name, value] = pair.trim().split(" ");
    if (name === "videoid" && value) return Buffer.from(value, "base64").toString("utf8");
  }
  return "";
}

/** What tus answers for a refusal of ours: the envelope, in the status it carries. */
const tusRefusal = (err: ApiError) => ({
  status_code: err.status >= 400 ? err.status : 400,
  body: JSON.stringify({ code: err.code, data: err.data, msg: err.message }),
});

/**
 * The tus file store over a folder diskStore has already made (synchronously, at start). The
 * library's constructor also starts a mkdir of its own whose callback throws on failure: an
 * uncaught exception when the folder's parent goes while that mkdir waits in libuv's queue (a
 * server closed and its data folder removed right after it started, on a busy machine). That mkdir
 * is a private method in the library's types, hence the one expected error.
 */
// @ts-expect-error: replaces the private, fire-and-forget checkOrCreateDirectory (see above).
class PreparedFileStore extends FileStore {
  checkOrCreateDirectory() {}
}

export interface UploadSetup {
  app: FastifyInstance;
  db: Db;
  store: DiskStore;
  key: Buffer;
  quota: number;
  /** A finished upload may be an office document waiting for conversion. */
  wake: () => void;
  canConvert: boolean;
}

/**
 * The cloud disk upload host (2 §7, 3 §7.8): the token call, the upload itself, and its status.
 *
 * The upload is tus 1.0 (@tus/server with @tus/file-store) at /webupload, so a dropped connection
 * costs no more than the part in flight: the browser asks the offset (HEAD) and sends the rest.
 * Every tus request needs the session and the token `/preupload` gave for this very upload, and
 * is checked before a byte is read; the body parser is left off so tus reads the stream itself.
 * Sizes are bounded (100 MB by tus, the organisation's quota on creation and again on finish),
 * and the finished bytes are judged (type, md5) by services/cloud-disk/objects.ts.
 *
 * The tus routes are no declared calls: a binary protocol of headers and raw bodies (no JSON schema
 * to name), with HEAD, which no call of resources/ uses. They are registered here, in a scope of
 * their own that takes their bodies unparsed, with the same guard-before-anything order.
 */
export function uploadHandlers({ app, db, store, key, quota, wake, canConvert }: UploadSetup): { uploadToken: Handler; uploadStatus: Handler } {
  const tusPath = hostPrefixes.cloudDiskUpload + cloudDiskApi.upload.path;

  // The Fastify request behind each tus request: its session gives the hooks their organisation scope.
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const scopeOf = (req: Request) => {
    const raw = (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const request = raw && requests.get(raw);
    if (!request) throw fail.unauthorized();
    return orgScope(request, db);
  };

  const tus = new Server({
    path: tusPath,
    datastore: new PreparedFileStore({ directory: store.uploadsDir, expirationPeriodInMilliseconds: cloudDisk.uploadLifeMs }),
    maxSize: cloudDisk.maxBytes,
    relativeLocation: true,
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    // The guard has checked that the metadata's videoid is this identity's open upload.
    namingFunction: (_req, metadata) => metadata?.videoid ?? "",
    onUploadCreate: async (req, upload: Upload) => {
      if (upload.size === undefined) throw fail.bad("文件大小不正确");
      await declareSize(scopeOf(req), upload.id, upload.size, quota);
      return {};
    },
    onUploadFinish: async (req, upload: Upload) => {
      await finishUpload(scopeOf(req), store, upload.id, path.join(store.uploadsDir, upload.id), quota, canConvert);
      wake();
      return {};
    },
    onResponseError: async (_req, err) => (err instanceof ApiError ? tusRefusal(err) : undefined),
  });
  tus.on(EVENTS.POST_TERMINATE, (req: Request, _res: Response, id: string) => {
    void abandonUpload(scopeOf(req), store, id).catch((err) => app.log.warn({ err }, "could not drop an abandoned upload"));
  });

  /** The session's identity, holding a token for this very upload, which is still open. */
  const uploader = async (request: FastifyRequest) => {
    ownDisk(request);
    const { identity } = needIdentity(request);
    const token = request.headers[cloudDisk.tokenHeader];
    const claims = typeof token === "string" ? verifyUpload(key, token) : null;
    if (!claims || claims.identityId !== identity.id || claims.orgId !== identity.orgId) throw badToken();
    const guid = request.method === "POST" ? videoidOf(request.headers["upload-metadata"]) : (request.params as { id?: string }).id;
    if (guid !== claims.guid) throw badToken();
    await openUpload(orgScope(request, db), guid);
  };

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    requests.set(request.raw, request);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  void app.register(async (scope) => {
    // tus reads the body stream itself: this scope's routes take it unparsed.
    scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
    const schema = { summary: "tus 1.0 upload (creation, termination): the session and the x-upload-token header of /preupload are required", tags: ["cloud-disk"] };
    // eslint-disable-next-line no-restricted-syntax -- tus 1.0 is a binary protocol @tus/server reads itself (census exception)
    scope.route({ method: "POST", url: tusPath, schema, preValidation: uploader, handler: handOver });
    // eslint-disable-next-line no-restricted-syntax -- tus 1.0 is a binary protocol @tus/server reads itself (census exception)
    scope.route({ method: ["PATCH", "HEAD", "DELETE"], url: `${tusPath}/:id`, schema, preValidation: uploader, handler: handOver });
  });

  return {
    uploadToken: async (request) => ok(await startUpload(orgScope(request, db), request.query as { name: string; size?: number }, quota, key)),
    uploadStatus: async (request) => ok(await statusOf(orgScope(request, db), readableOwners(request), (request.query as { docid: string }).docid)),
  };
}
