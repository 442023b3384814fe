import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

/**
 * Issue 17 item 1: every operation is registered by the engine from a declaration, a table's CRUD
 * or a declared call. What is not, is listed here with its reason, and nothing else may be.
 */
const exceptions: Record<string, string> = {
  "GET /api/docs/json": "the API document itself, served by the OpenAPI plugin (server/plugins/openapi.ts) from every route but itself",
  // rooms
  "GET /api/v1/room/ws": "the built-in room's WebSocket (presence, chat, signalling), not an HTTP call: entered with a room token in its first message",
  "GET /api/v1/room/publish": "the large class teacher's publication: a WebSocket of binary webm chunks, entered with the teacher's room token in its first message",
  "GET /:folder(^share_[A-Za-z0-9_-]+)/:page": "a share link's page address (2 §7 share URL), opened by a browser and redirected to the room site's share page; a pattern of folders, not a call",
  // tools
  "GET /open-iframe/*": "the sandbox open platform's page at every tool's sub-path and the root: a browser frame's HTML under a wildcard, not a call",
  // cloud-disk
  "POST /cloud-disk-upload/webupload": "tus 1.0 creation: a binary protocol of headers handed to @tus/server, guarded by the session and the upload's token",
  "PATCH /cloud-disk-upload/webupload/:id": "tus 1.0: a raw body read by @tus/server itself (HEAD asks the offset), guarded by the session and the upload's token",
  "DELETE /cloud-disk-upload/webupload/:id": "tus 1.0 termination, handed to @tus/server, guarded by the session and the upload's token",
  "POST /upload-vod/vod/files": "tus 1.0 creation of a recorded session's video: a binary protocol handed to @tus/server, guarded by the session's media key and the upload's token",
  "PATCH /upload-vod/vod/files/:id": "tus 1.0: a raw body read by @tus/server itself (HEAD asks the offset), guarded by the session's media key and the upload's token",
  "DELETE /upload-vod/vod/files/:id": "tus 1.0 termination of a recorded session's video upload, guarded as its PATCH",
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe("registration census", () => {
  it("every route not declared is a listed exception, and every listed exception exists", () => {
    const bespoke = s.app.registrations.filter((r) => !r.declared).map(key).sort();
    expect(bespoke).toEqual(Object.keys(exceptions).sort());
  });

  it("at least 90% of the API document's operations come from declarations", async () => {
    const doc = (await s.app.inject({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, unknown>> };
    const declared = new Set(s.app.registrations.filter((r) => r.declared).map((r) => key({ method: r.method, url: r.url.replace(/:(\w+)/g, "{$1}") })));
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const share = operations.filter((op) => declared.has(op)).length / operations.length;
    console.log(`declared operations: ${operations.filter((op) => declared.has(op)).length} of ${operations.length} (${(share * 100).toFixed(1)}%)`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
