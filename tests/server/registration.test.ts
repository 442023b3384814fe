import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

/**
 * Issue 17 item 1: every operation is registered by the engine from a declaration, a table's CRUD
 * or a declared call. What is not, is listed here with its reason, and nothing else may be.
 */
const exceptions: Record<string, string> = {
  "GET /api/docs/json": "the API document itself, served by the OpenAPI plugin (server/plugins/openapi.ts) from every route but itself",
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
