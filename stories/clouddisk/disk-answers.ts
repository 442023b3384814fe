import { cloudDisk, cloudDiskApi, isMusicFolder, type CloudItem } from "../../resources/cloud-disk/cloud-disk";
import type { Endpoint } from "../../resources/kernel/endpoint";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";

/** A row of the fake disk: an item and the folder it is in. */
export interface FakeRow extends CloudItem {
  parent: number;
}

const at = (daysAgo: number) => Date.now() - daysAgo * 86_400_000;
const time = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

let nextId = 100;
const guid = () => (nextId++).toString(16).padStart(32, "0");

/** A folder of the fake disk; the root's 音乐 marked fixed, as the server marks it. */
export const folderRow = (id: number, name: string, parent = 0, daysAgo = 3): FakeRow => ({
  id, parent, name, file_type: 0, update_time: time(at(daysAgo)), updated_at: at(daysAgo), url: "", guid: "", ext_name: "", doc_size: 0, preview: "",
  ...(isMusicFolder({ file_type: 0, parent_id: parent, name }) ? { fixed: 1 as const } : {}),
});

/** A file of the fake disk; the images and PDFs are the stories' static files, so previews show. */
export function fileRow(id: number, name: string, parent = 0, extra: Partial<CloudItem> = {}): FakeRow {
  const ext = name.slice(name.lastIndexOf(".") + 1);
  const preview = ["png", "jpg", "jpeg"].includes(ext) ? "image" : ext === "pdf" ? "pdf" : "";
  const url = preview === "image" ? "/cloud-disk-sample.png" : preview === "pdf" ? "/cloud-disk-sample.pdf" : `/cloud-disk/objects/${guid()}.${ext}`;
  const updated = at(2);
  return { id, parent, name, file_type: 1, update_time: time(updated), updated_at: updated, url, guid: guid(), ext_name: ext, doc_size: 1536 * id, preview, ...extra };
}

/** 示例学校's disk as the demo has it, and a converting and a failed document (2 §4). */
export const schoolDisk = (): FakeRow[] => [
  folderRow(1, "教学课件", 0, 20),
  folderRow(2, "语文", 1, 19),
  folderRow(3, "数学", 1, 18),
  folderRow(4, cloudDisk.musicFolder, 0, 15),
  folderRow(5, "宣传素材", 0, 12),
  fileRow(6, "函数图像.pdf", 3),
  fileRow(7, "校园风景.png", 5),
  fileRow(8, "招生简章.pdf", 5),
  fileRow(9, "课程介绍.pdf", 0),
  fileRow(10, "期末复习.pptx", 0, { url: "", preview: "", updated_at: Date.now() - 60_000, update_time: time(Date.now() - 60_000) }),
  fileRow(11, "旧教案.docx", 0, { url: "", preview: "", updated_at: at(2) }),
  fileRow(12, "开场音乐.mp3", 4),
];

/** A teacher's own disk. */
export const teacherDisk = (): FakeRow[] => [folderRow(21, "我的备课", 0, 8), fileRow(22, "第一课.pdf", 21), fileRow(23, "课堂照片.png", 0)];

const ordered = (rows: FakeRow[]) => [...rows].sort((a, b) => a.file_type - b.file_type || b.id - a.id);
const page = (rows: FakeRow[], query: Record<string, unknown>) => {
  const count = Number(query.count ?? 50);
  const start = (Number(query.page ?? 1) - 1) * count;
  return okEnvelope(rows.slice(start, start + count), { count: rows.length });
};

/**
 * The cloud disk's calls over rows kept in memory, answering as the server does (2 §7): folders
 * first and newest first, search marked, the breadcrumb, adds, renames, deletes with a folder's
 * content, moves, the music folder's rules, md5 reuse of `held` bytes (by md5), and Status 1 for the
 * `converted` docids. `failList` makes the listing fail the way an unreachable server does.
 */
export function diskRoutes(start: FakeRow[], { held = {} as Record<string, FakeRow>, failList = false, converted = new Set<string>() } = {}): MockRoutes {
  let rows = [...start];
  const inside = (id: number): number[] => rows.filter((r) => r.parent === id).flatMap((r) => [r.id, ...inside(r.id)]);
  const list = ({ query }: { query: Record<string, unknown> }) => {
    if (failList) return failEnvelope(500, "服务暂不可用");
    const parent = Number(query.parentid ?? 0);
    if (parent && !rows.some((r) => r.id === parent && r.file_type === 0)) return failEnvelope(404, cloudDisk.messages.folderNotFound);
    return page(ordered(rows.filter((r) => r.parent === parent && (Number(query.dir) !== 1 || r.file_type === 0))), query);
  };
  const ids = (value: unknown) => String(value).split(",").map(Number);
  const routes: [Endpoint, (input: { query: Record<string, unknown>; body: Record<string, unknown> }) => unknown][] = [
    [cloudDiskApi.list, list],
    [cloudDiskApi.groupList, list],
    [cloudDiskApi.search, ({ query }) => page(ordered(rows.filter((r) => r.name.includes(String(query.key)))).map((r) => ({ ...r, bySearch: 1 })), query)],
    [cloudDiskApi.parents, ({ query }) => {
      const trail: { id: number; name: string }[] = [];
      for (let r = rows.find((x) => x.id === Number(query.id)); r; r = rows.find((x) => x.id === r!.parent)) trail.unshift({ id: r.id, name: r.name });
      return okEnvelope(trail);
    }],
    [cloudDiskApi.add, ({ body }) => {
      const name = String(body.name).trim();
      const parent = Number(body.parentid ?? 0);
      if (body.filetype === 0 && parent === 0 && name === cloudDisk.musicFolder && rows.some((r) => r.parent === 0 && r.name === name))
        return failEnvelope(400, cloudDisk.messages.musicExists);
      const made = body.filetype === 0 ? folderRow(nextId++, name, parent, 0) : { ...(held[String(body.docid)] ?? fileRow(nextId++, name, parent)), id: nextId++, name, parent };
      rows.push(made);
      return okEnvelope(made, { msg: body.filetype === 0 ? cloudDisk.messages.added : cloudDisk.messages.uploaded });
    }],
    [cloudDiskApi.rename, ({ body }) => {
      rows = rows.map((r) => (r.id === Number(body.id) ? { ...r, name: String(body.name).trim() } : r));
      return okEnvelope(rows.find((r) => r.id === Number(body.id)), { msg: cloudDisk.messages.renamed });
    }],
    [cloudDiskApi.remove, ({ query }) => {
      const gone = new Set(ids(query.id).flatMap((id) => [id, ...inside(id)]));
      if (rows.some((r) => gone.has(r.id) && r.parent === 0 && r.name === cloudDisk.musicFolder)) return failEnvelope(400, cloudDisk.messages.musicFixed);
      rows = rows.filter((r) => !gone.has(r.id));
      return okEnvelope(null, { msg: ids(query.id).length > 1 ? cloudDisk.messages.batchDeleted : cloudDisk.messages.deleted });
    }],
    [cloudDiskApi.move, ({ body }) => {
      const moving = ids(body.id);
      const target = Number(body.newid);
      if (moving.some((id) => id === target || inside(id).includes(target))) return failEnvelope(400, cloudDisk.messages.intoItself);
      rows = rows.map((r) => (moving.includes(r.id) ? { ...r, parent: target } : r));
      return okEnvelope(null, { msg: cloudDisk.messages.moved });
    }],
    [cloudDiskApi.checkMd5, ({ query }) => {
      const found = held[String(query.md5)];
      return okEnvelope(found ? { exist: 1, docid: String(query.md5), url: found.url, md5: query.md5 } : { exist: 0, docid: "", url: "", md5: query.md5 });
    }],
    [cloudDiskApi.token, () => okEnvelope({ token: "story-token", addr: "/cloud-disk-upload/webupload", videoid: guid() })],
    [cloudDiskApi.status, ({ query }) => okEnvelope(converted.has(String(query.docid)) ? { Status: 1, url: "/cloud-disk-sample.pdf" } : { Status: 0, url: "" })],
  ];
  return routes;
}
