import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi, liveLimits, liveMessages, type LiveRecord } from "../../../resources/lives/live-api";
import { liveMediaApi } from "../../../resources/vod/media-api";
import { HOUR, liveBody, startLiveWrites } from "../../lives/server/live-writes-helpers";

/**
 * A live's courseware (2 §3 CloudDiskFiles; issue 18 item 7): the live form attaches files of the
 * organisation's cloud disk, the server keeps only those, and /downloadDoc lists them. Runs on
 * SQLite, and on PostgreSQL with DATABASE_URL.
 */
let w: Awaited<ReturnType<typeof startLiveWrites>>;
let handout: number;
let foreign: number;

async function diskFile(orgId: number, name: string, ownerId = 0) {
  const k = w.s.db.kysely;
  const t = Date.now();
  const unique = `${orgId}${name}${t}`.replace(/\D/g, "").padEnd(32, "0").slice(0, 32);
  const object = await k
    .insertInto("cloud_objects")
    .values({ org_id: orgId, guid: unique, owner_id: ownerId, ext: "pdf", bytes: 4096, name: `${unique}.pdf`, state: 1, created_at: t, updated_at: t })
    .returning("id")
    .executeTakeFirstOrThrow();
  const file = await k
    .insertInto("cloud_files")
    .values({ org_id: orgId, owner_id: ownerId, file_type: 1, name, ext_name: "pdf", object_id: object.id, created_at: t, updated_at: t })
    .returning("id")
    .executeTakeFirstOrThrow();
  return file.id;
}

beforeAll(async () => {
  w = await startLiveWrites();
  handout = await diskFile(w.d.school, "函数讲义-课件测试.pdf");
  foreign = await diskFile(w.d.second, "第二学校讲义.pdf");
});
afterAll(() => w.s.close());

describe("a live's courseware", () => {
  it("offers the organisation's disk files to the form, by a name fragment", async () => {
    const found = await w.api(w.admin, liveApi.coursewareCandidates, { key: "课件测试" });
    expect(found.data).toEqual([{ Id: handout, Name: "函数讲义-课件测试.pdf", Type: "pdf", Size: 4096 }]);
    expect((await w.api(w.admin, liveApi.coursewareCandidates, { key: "第二学校讲义" })).data).toEqual([]);
    expect((await w.api(w.admin, liveApi.coursewareCandidates, { key: "长".repeat(61) })).code).toBe(400);
  });

  it("keeps the chosen files in order on add and change, and /downloadDoc lists them", async () => {
    const made = await w.api(w.admin, liveApi.create, liveBody(w.d, w.start + 20 * HOUR, { clouddiskfiles: JSON.stringify([{ Id: handout, Name: "改过的名字" }]) }));
    expect(made.code, made.msg).toBe(0);
    const live = made.data as LiveRecord;
    expect(JSON.parse(live.CloudDiskFiles)).toEqual([{ Id: handout, Name: "函数讲义-课件测试.pdf" }]);
    const docs = await w.api(w.admin, liveMediaApi.roomDocs, { roomid: live.Id });
    expect((docs.data as { Id: number; Name: string }[]).map((d) => [d.Id, d.Name])).toEqual([[handout, "函数讲义-课件测试.pdf"]]);
    const change = { id: live.Id, title: live.Title, begintime: live.BeginTime, endtime: live.EndTime };
    // A change without the field keeps it; an empty list clears it.
    expect((await w.api(w.admin, liveApi.update, change)).code).toBe(0);
    expect((await w.api(w.admin, liveMediaApi.roomDocs, { roomid: live.Id })).data).toHaveLength(1);
    expect((await w.api(w.admin, liveApi.update, { ...change, clouddiskfiles: "[]" })).code).toBe(0);
    expect((await w.api(w.admin, liveMediaApi.roomDocs, { roomid: live.Id })).data).toEqual([]);
  });

  it("refuses another organisation's file, a missing one, too many, and text that is no list, whole", async () => {
    const body = (files: string) => liveBody(w.d, w.start + 30 * HOUR, { clouddiskfiles: files });
    expect(await w.api(w.admin, liveApi.create, body(JSON.stringify([{ Id: handout }, { Id: foreign }])))).toMatchObject({ code: 400, msg: liveMessages.coursewareMissing });
    expect(await w.api(w.admin, liveApi.create, body(JSON.stringify([99999999])))).toMatchObject({ code: 400, msg: liveMessages.coursewareMissing });
    const many = JSON.stringify(Array.from({ length: liveLimits.coursewareMax + 1 }, (_, i) => ({ Id: i + 1 })));
    expect(await w.api(w.admin, liveApi.create, body(many))).toMatchObject({ code: 400, msg: `课件最多选择${liveLimits.coursewareMax}个` });
    expect(await w.api(w.admin, liveApi.create, body("讲义"))).toMatchObject({ code: 400, msg: "课件格式不正确" });
    expect(await w.api(w.admin, liveApi.create, body('{"Id":1}'))).toMatchObject({ code: 400, msg: "课件格式不正确" });
  });
});
