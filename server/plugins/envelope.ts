import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { validationMessage } from "./schemas";

/** A failure a caller can act on: a non-zero body code and a Chinese `msg`. */
export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public status = 200,
    public data: unknown = null,
  ) {
    super(message);
  }
}

export const ok = (data: unknown = null, extra: Record<string, unknown> = {}) => ({ code: 0, data, msg: "ok", ...extra });

/** The failures every domain shares; texts follow the status catalogue of 1 §8. */
export const fail = {
  unauthorized: () => new ApiError(401, "未授权，请登录", 401),
  forbidden: () => new ApiError(403, "拒绝访问", 403),
  notFound: (what = "记录") => new ApiError(404, `${what}不存在`),
  tooMany: (msg: string) => new ApiError(429, msg),
  bad: (msg: string, field?: string) => new ApiError(400, msg, 200, field ? { field } : null),
};

/** Fastify's own client errors, reworded for a person. */
const clientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "不支持的请求格式",
  FST_ERR_CTP_BODY_TOO_LARGE: "请求数据过大",
  FST_ERR_CTP_EMPTY_JSON_BODY: "请求数据不能为空",
  FST_ERR_CTP_INVALID_JSON_BODY: "请求数据格式错误",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "请求数据格式错误",
};

async function envelope(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) return reply.status(err.status).send({ code: err.code, data: err.data, msg: err.message });
    if (err.validation) {
      const { msg, field } = validationMessage(request, err);
      return reply.status(200).send({ code: 400, data: field ? { field } : null, msg });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = clientErrors[err.code] ?? (err instanceof SyntaxError ? "请求数据格式错误" : "请求错误");
      return reply.status(status === 413 || status === 415 ? status : 200).send({ code: status, data: null, msg });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ code: 500, data: null, msg: "服务器内部错误" });
  });
}

export default fp(envelope, { name: "envelope" });

/** Texts for the answers Node's HTTP parser gives before Fastify sees a request. */
const parserErrors: Record<string, [status: number, msg: string]> = {
  HPE_HEADER_OVERFLOW: [431, "请求头过大"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "请求超时"],
};

/**
 * Fastify's `clientErrorHandler`: a request line or headers past Node's 16 KB, a timeout or a
 * request the parser cannot read is answered on the raw socket before any route or hook runs,
 * so it is written here in the envelope too, and the connection closed as Node would.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, msg] = parserErrors[err.code ?? ""] ?? [400, "请求错误"];
  const body = JSON.stringify({ code: status, data: null, msg });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: a path that cannot be decoded (`/cms/%zz`) or a path parameter past
 * its length is refused before routing, outside the error handler.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 400;
  const msg = err.code === "FST_ERR_MAX_PARAM_LENGTH" ? "请求地址过长" : "请求地址格式错误";
  return reply.status(status).send({ code: status, data: null, msg });
}

/** An address nothing answers, as a guard refuses it: a name nobody may see looks like one that never existed. */
export const addressNotFound = (request: FastifyRequest) => new ApiError(404, `请求地址出错: ${request.url.split("?")[0]}`, 404);

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const err = addressNotFound(request);
  return reply.status(err.status).send({ code: err.code, data: err.data, msg: err.message });
}
