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

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ code: 404, data: null, msg: `请求地址出错: ${request.url.split("?")[0]}` });
}
