import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examApi } from "../../../resources/tools/exam";
import { toolApi, tools } from "../../../resources/tools/tools";
import { hostPrefixes } from "../../../server/config";
import { signToolToken, tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

let s: TestServer;
let admin: string;
let second: string;
let orgA: number;
let orgB: number;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  second = await signIn(s.app, "13900000000", "admin");
  const org = (name: string) => s.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  orgA = (await org("示例学校")).id;
  orgB = (await org("第二学校")).id;
});
afterAll(() => s.close());

type Answer = { code: number; msg: string; data: unknown; token?: string; content?: unknown; expires_in?: number };

const tokenFor = async (tool: string, cookie = admin): Promise<Answer> =>
  (await s.app.inject({ method: "POST", url: toolApi.token.path, headers: { cookie }, payload: { tool } })).json();
const verify = async (token: string): Promise<Answer> =>
  (await s.app.inject({ url: `${hostPrefixes.openIframe}${toolApi.verify.path}?token=${encodeURIComponent(token)}` })).json();
const exam = async (cookie: string, method: "GET" | "POST" | "DELETE", path: string, query: Record<string, unknown>, payload?: object): Promise<Answer> =>
  (
    await s.app.inject({
      method,
      url: `${hostPrefixes.exam}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    })
  ).json();
const liveOf = async (orgId: number) =>
  (await s.db.kysely.selectFrom("lives").select("id").where("org_id", "=", orgId).where("voided", "=", 0).orderBy("id").executeTakeFirstOrThrow()).id;
const papersOf = (orgId: number) => s.db.kysely.selectFrom("exam_papers").select("id").where("org_id", "=", orgId).orderBy("id").execute();
const bound = async (cookie: string, token: string, roomid: number) =>
  ((await exam(cookie, "GET", examApi.bound.path, { roomid, token })).content as { paper_id: number }[]).map((p) => p.paper_id);

describe("POST /cms/webapitokenv2", () => {
  it("gives a token bound to the organisation, the identity and the tool, which the open platform can check", async () => {
    const answer = await tokenFor("virtualMake");
    expect(answer.code).toBe(0);
    expect(answer.expires_in).toBeGreaterThan(0);
    const checked = await verify(answer.token as string);
    expect(checked.code).toBe(0);
    const identity = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", orgA).where("role", "=", "admin").executeTakeFirstOrThrow();
    expect(checked.data).toMatchObject({ tool: "virtualMake", title: "数字人制作", org_id: orgA, identity_id: identity.id });
  });

  it("refuses a token whose signature or claims were altered, and one that has expired", async () => {
    const { token } = (await tokenFor("virtualAudio")) as { token: string };
    const [body, sig] = token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, orgId: orgB })).toString("base64url");
    expect((await verify(`${forged}.${sig}`)).code).toBe(403);
    expect((await verify(`${body}.${sig.slice(0, -2)}AA`)).code).toBe(403);
    const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
    const old = signToolToken(key, { orgId: orgA, identityId: claims.identityId, tool: "virtualAudio" }, Date.now() - 31 * 60_000);
    expect((await verify(old.token)).code).toBe(403);
    expect((await verify(signToolToken(Buffer.from("another key of thirty-two chars!"), claims).token)).code).toBe(403);
  });

  it("knows every declared tool and no other", async () => {
    for (const tool of tools) expect((await tokenFor(tool.name)).code, tool.name).toBe(0);
    expect(await tokenFor("notATool")).toMatchObject({ code: 400, msg: "工具名称不正确" });
    expect(await tokenFor("constructor")).toMatchObject({ code: 400, msg: "工具名称不正确" });
    expect(await tokenFor("../x")).toMatchObject({ code: 400, msg: "工具名称不正确" });
  });

  it("refuses a sub-admin a tool whose menu key it was not granted, a teacher, and nobody signed in", async () => {
    const sub = await signIn(s.app, "13800000004", "admin");
    expect((await tokenFor("mediaUploadMgr", sub)).code).toBe(0);
    expect(await tokenFor("vodMediaMgr", sub)).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect((await tokenFor("bindExamByLive", sub)).code).toBe(403);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await tokenFor("examMgr", teacher)).code).toBe(403);
    expect((await tokenFor("examMgr", "")).code).toBe(401);
  });
});

describe("the sandbox open platform", () => {
  it("serves its page at every tool's sub-path, framed by the console and running only its own script", async () => {
    const res = await s.app.inject({ url: `${hostPrefixes.openIframe}/virtual/make?token=x&ts=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain(`<script src="${hostPrefixes.openIframe}/_sandbox/sandbox.js"></script>`);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    const js = await s.app.inject({ url: `${hostPrefixes.openIframe}/_sandbox/sandbox.js` });
    expect(js.body).toContain("goBackTip");
  });

  it("answers the host's root with the stand-in page too, naming no tool, and its script as JavaScript", async () => {
    const root = await s.app.inject({ url: `${hostPrefixes.openIframe}/` });
    expect(root.statusCode).toBe(200);
    expect(root.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(root.body).toContain("此地址没有对应的工具。");
    const js = await s.app.inject({ url: `${hostPrefixes.openIframe}/_sandbox/sandbox.js` });
    expect([js.statusCode, js.headers["content-type"], js.headers["cache-control"]]).toEqual([200, "text/javascript; charset=utf-8", "no-cache"]);
  });

  it("tells an administrator in Chinese what the tool is and that the page is a local stand-in, with no developer words", async () => {
    const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, " ");
    for (const tool of tools) {
      const res = await s.app.inject({ url: `${hostPrefixes.openIframe}${tool.subPath}?token=x&liveId=7` });
      const text = shown(res.body);
      expect(text, tool.route).toContain(tool.title);
      expect(text, tool.route).toContain(tool.summary);
      expect(text, tool.route).toContain("这是本地替代页面");
      expect(text, tool.route).not.toMatch(/token|OPEN_PLATFORM_URL|机构 ?\d|身份 ?\d|子路径|\/[a-z]+\/[a-z-]+/i);
      // Only the digital-human page's stand-in offers to pretend unsaved work (3 §2.5).
      expect(res.body.includes('<section id="guard" >'), tool.route).toBe(!!tool.backGuard);
    }
  });

  it("is the default open-platform address of /config.json, and OPEN_PLATFORM_URL moves it and the frame policy", async () => {
    const config = (await s.app.inject({ url: "/config.json", headers: { host: "localhost:8080" } })).json();
    expect(config.openIframe).toBe(`http://localhost:8080${hostPrefixes.openIframe}`);
    const moved = await startTestServer({ seed: false, config: { openPlatformUrl: "https://open.example.com/platform" } });
    try {
      const res = await moved.app.inject({ url: "/config.json" });
      expect(res.json().openIframe).toBe("https://open.example.com/platform");
      expect(res.headers["content-security-policy"]).toContain("frame-src 'self' https://open.example.com");
    } finally {
      await moved.close();
    }
  });
});

describe("the exam service", () => {
  let token: string;
  let live: number;
  beforeAll(async () => {
    token = (await tokenFor("bindExamByLive")).token as string;
    live = (await s.db.kysely.selectFrom("live_papers").select("live_id").where("org_id", "=", orgA).executeTakeFirstOrThrow()).live_id;
  });

  it("lists the organisation's papers a page at a time, newest first, and none of another's", async () => {
    const first = await exam(admin, "GET", examApi.papers.path, { page_no: 1, limit: 10, token });
    const content = first.content as { resultset: { title: string; created_at: string }[]; total: number };
    expect(first.code).toBe(0);
    expect(content.total).toBe(24);
    expect(content.resultset).toHaveLength(10);
    expect(content.resultset[0].created_at >= content.resultset[9].created_at).toBe(true);
    const last = (await exam(admin, "GET", examApi.papers.path, { page_no: 3, limit: 10, token })).content as { resultset: unknown[] };
    expect(last.resultset).toHaveLength(4);
    const theirs = (await tokenFor("bindExamByLive", second)).token as string;
    const other = (await exam(second, "GET", examApi.papers.path, { page_no: 1, limit: 50, token: theirs })).content as { resultset: { title: string }[]; total: number };
    expect(other.total).toBe(3);
    expect(other.resultset.every((p) => p.title.startsWith("第二学校"))).toBe(true);
  });

  it("binds and unbinds a paper, each any number of times, and answers the live's papers", async () => {
    const before = await bound(admin, token, live);
    expect(before).toHaveLength(2);
    const paper = (await papersOf(orgA))[5].id;
    const bind = () => exam(admin, "POST", examApi.bind.path, { paper_id: paper, token }, { roomid: live, paper_id: paper, token });
    expect((await bind()).code).toBe(0);
    expect((await bind()).code).toBe(0);
    expect(await bound(admin, token, live)).toEqual([...before, paper]);
    const unbind = () => exam(admin, "DELETE", examApi.unbind.path, { roomid: live, paper_id: paper, token });
    expect(await unbind()).toMatchObject({ code: 0, msg: "删除成功" });
    expect((await unbind()).code).toBe(0);
    expect(await bound(admin, token, live)).toEqual(before);
  });

  it("keeps one binding when the same bind arrives many times at once", async () => {
    const paper = (await papersOf(orgA))[7].id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => exam(admin, "POST", examApi.bind.path, { paper_id: paper, token }, { roomid: live, paper_id: paper, token })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(0));
    expect((await bound(admin, token, live)).filter((id) => id === paper)).toHaveLength(1);
    await exam(admin, "DELETE", examApi.unbind.path, { roomid: live, paper_id: paper, token });
  });

  it("keeps each organisation to its own lives and papers", async () => {
    const theirs = (await tokenFor("bindExamByLive", second)).token as string;
    const theirLive = await liveOf(orgB);
    const ourPaper = (await papersOf(orgA))[0].id;
    const theirPaper = (await papersOf(orgB))[0].id;
    const bind = (roomid: number, paper_id: number) => exam(second, "POST", examApi.bind.path, {}, { roomid, paper_id, token: theirs });
    expect(await bind(theirLive, ourPaper)).toMatchObject({ code: 400, msg: "试卷不存在" });
    expect(await bind(live, theirPaper)).toMatchObject({ code: 400, msg: "直播不存在" });
    expect((await exam(second, "GET", examApi.bound.path, { roomid: live, token: theirs })).msg).toBe("直播不存在");
    // Unbinding another organisation's binding reaches nothing.
    await exam(second, "DELETE", examApi.unbind.path, { roomid: live, paper_id: ourPaper, token: theirs });
    expect(await bound(admin, token, live)).toContain(ourPaper);
  });

  it("takes only a live token of an exam tool for the caller's own identity", async () => {
    const theirs = (await tokenFor("bindExamByLive", second)).token as string;
    expect(await exam(admin, "GET", examApi.bound.path, { roomid: live, token: theirs })).toMatchObject({ code: 403, msg: "token无效或已过期" });
    const frame = (await tokenFor("virtualMake")).token as string;
    expect((await exam(admin, "GET", examApi.bound.path, { roomid: live, token: frame })).code).toBe(403);
    expect((await exam(admin, "GET", examApi.bound.path, { roomid: live, token: "x.y" })).code).toBe(403);
    expect((await exam(admin, "GET", examApi.bound.path, { roomid: live })).code).toBe(400);
    expect((await exam("", "GET", examApi.bound.path, { roomid: live, token })).code).toBe(401);
    const sub = await signIn(s.app, "13800000004", "admin");
    expect((await exam(sub, "GET", examApi.papers.path, { token })).code).toBe(403);
  });
});
