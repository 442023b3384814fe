import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

/**
 * /api/docs/json is a valid OpenAPI document (issue 16 item 4.4): Redocly's recommended rules find
 * no error in it, and a client generated from it with openapi-typescript type-checks against two
 * real operations. Both tools run as CI would run them, on the document the server answers.
 */

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules/.bin", name);

let s: TestServer;
let dir: string;
let file: string;

beforeAll(async () => {
  s = await startTestServer({ seed: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-openapi-"));
  file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, (await s.app.inject({ url: "/api/docs/json" })).body);
});

afterAll(async () => {
  await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Each tool runs in a few seconds on an idle machine; a busy one (eight workers on two cores) takes longer.
describe("the published OpenAPI document", { timeout: 120_000 }, () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const lint = await run(bin("redocly"), ["lint", file, "--extends", "recommended", "--format", "json", "--max-problems", "100000"], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (failed: { stdout: string }) => failed,
    );
    const problems = (JSON.parse(lint.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] }).problems;
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(errors.slice(0, 10).map((e) => `${e.ruleId} ${e.location[0]?.pointer}: ${e.message}`)).toEqual([]);
    expect(errors).toHaveLength(0);
  });

  it("generates a typed client that compiles against a list call and a form's body", async () => {
    await run(bin("openapi-typescript"), [file, "--output", path.join(dir, "api.d.ts")]);
    // A list's answer and a create call's body, as a client written against the document uses them.
    fs.writeFileSync(
      path.join(dir, "use.ts"),
      [
        'import type { paths } from "./api";',
        'type TeacherList = paths["/cms/teacher"]["get"]["responses"][200]["content"]["application/json"];',
        'type NewMessage = paths["/cms/webgroupmsg"]["post"]["requestBody"]["content"]["application/json"];',
        "export const message: NewMessage = { msg: \"上课了\" };",
        "export const count = (list: TeacherList): number | undefined => list.count;",
        // A wrong field is refused: the types carry the schema, not `any`.
        "// @ts-expect-error msg is a string",
        "export const wrong: NewMessage = { msg: 1 };",
        "",
      ].join("\n"),
    );
    const tsc = path.resolve("node_modules/typescript/bin/tsc");
    const checked = await run(process.execPath, [tsc, "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", path.join(dir, "use.ts")]).catch(
      (failed: { stdout: string }) => failed,
    );
    expect(checked.stdout).toBe("");
  });
});
