import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { cloudDisk, fileKinds, type FileExt } from "../../resources/cloud-disk/cloud-disk";
import type { Db } from "../db/database";
import { objectState, previewState } from "../services/cloud-disk/items";
import { diskStore, randomGuid } from "../services/cloud-disk/store";
import { samplePdf, samplePng } from "./sample-files";

interface Spot {
  id: number;
  path: string;
}

/**
 * The demo's cloud files (conventions, demo data): 示例学校's disk with folders, the 音乐 folder,
 * the hidden system folders and a few real PDFs and images, and the demo teacher's and assistant's
 * personal disks. Files need somewhere to live, so they are seeded only when a DATA_DIR is given.
 */
export async function seedCloudDisk(db: Db, dataDir: string) {
  const k = db.kysely;
  const store = diskStore(dataDir);
  const now = Date.now();
  const org = await k.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
  const identityOf = (mobile: string, role: "teacher" | "assistant" | "admin") =>
    k
      .selectFrom("identities as i")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select("i.id")
      .where("p.mobile", "=", mobile)
      .where("i.role", "=", role)
      .where("i.org_id", "=", org.id)
      .executeTakeFirstOrThrow();
  const [admin, teacher, assistant] = await Promise.all([identityOf("13800000000", "admin"), identityOf("13800000001", "teacher"), identityOf("13800000002", "assistant")]);

  const item = async (owner: number, parent: Spot | null, values: { name: string; file_type: number; ext_name?: string; object_id?: number; system?: string }, age: number) => {
    const at = now - age * 3600_000;
    const { id } = await k
      .insertInto("cloud_files")
      .values({ org_id: org.id, owner_id: owner, parent_id: parent?.id ?? 0, path: parent ? `${parent.path}${parent.id}/` : "/", created_at: at, updated_at: at, ...values })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id, path: parent ? `${parent.path}${parent.id}/` : "/" };
  };
  const folder = (owner: number, parent: Spot | null, name: string, age: number, system = "") => item(owner, parent, { name, file_type: 0, system }, age);
  const file = async (owner: number, uploader: number, parent: Spot | null, name: string, bytes: Buffer, age: number) => {
    const ext = path.extname(name).slice(1) as FileExt;
    const source = path.join(store.uploadsDir, `seed-${randomGuid()}`);
    fs.writeFileSync(source, bytes);
    const stored = await store.adopt(source, ext);
    const at = now - age * 3600_000;
    const md5 = crypto.createHash("md5").update(bytes).digest("hex");
    const office = fileKinds[ext] === "office";
    const { id } = await k
      .insertInto("cloud_objects")
      .values({
        org_id: org.id, guid: randomGuid(), owner_id: uploader, ext, bytes: bytes.length, md5, name: stored, state: objectState.ready,
        preview_state: office ? previewState.unavailable : previewState.none, created_at: at, updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await k.insertInto("uploads").values({ org_id: org.id, name: stored, bytes: bytes.length, created_at: at }).execute();
    return item(owner, parent, { name, file_type: 1, ext_name: ext, object_id: id }, age);
  };

  for (const [i, system] of cloudDisk.systemFolders.entries()) await folder(0, null, system.name, 24 * 30 + i, system.key);
  const lessons = await folder(0, null, "教学课件", 24 * 20);
  await folder(0, lessons, "语文", 24 * 19);
  const maths = await folder(0, lessons, "数学", 24 * 18);
  const graphs = await file(0, admin.id, maths, "函数图像.pdf", samplePdf([0.1, 0.45, 0.3], crypto.randomBytes(64)), 24 * 10);
  // The maths course's lives carry it as their courseware (2 §3 CloudDiskFiles): /downloadDoc and the room list it.
  const maths1 = k.selectFrom("courses").select("id").where("org_id", "=", org.id).where("title", "=", "高一数学·函数专题");
  await k.updateTable("lives").set({ cloud_disk_files: JSON.stringify([{ Id: graphs.id, Name: "函数图像.pdf" }]) }).where("org_id", "=", org.id).where("course_id", "in", maths1).execute();
  await folder(0, null, cloudDisk.musicFolder, 24 * 15);
  const promotion = await folder(0, null, "宣传素材", 24 * 12);
  await file(0, admin.id, promotion, "校园风景.png", samplePng(960, 540, [20, 99, 224], [120, 200, 160]), 24 * 6);
  await file(0, admin.id, promotion, "招生简章.pdf", samplePdf([0.8, 0.2, 0.1], crypto.randomBytes(64)), 24 * 5);
  await file(0, admin.id, null, "课程介绍.pdf", samplePdf(undefined, crypto.randomBytes(64)), 24 * 2);

  const planning = await folder(teacher.id, null, "我的备课", 24 * 8);
  await file(teacher.id, teacher.id, planning, "第一课.pdf", samplePdf([0.45, 0.2, 0.6], crypto.randomBytes(64)), 24 * 4);
  await file(teacher.id, teacher.id, null, "课堂照片.png", samplePng(640, 480, [250, 180, 40], [200, 60, 60]), 24);
  await folder(assistant.id, null, "助教笔记", 24 * 3);
}
