import { uploadFailedMessage } from "../kernel/upload";
import { ep } from "../kernel/endpoint";

/**
 * The cloud disk (2 §2, §3, §4, §5, §6, §7; 3 §7.8): the organisation's disk, edited by admins
 * holding `clouddiskop` and read by everyone granted it, and the personal disks of teachers and
 * assistants. Which disk a call works on follows from who calls: an admin's `/webfile` is the
 * organisation's disk, a teacher's or assistant's is their own; `/readgroupcloud` (and `group=1`
 * on search and the breadcrumb) reads the organisation's disk, never writing it.
 *
 * Paths are the spec's set (3 §7.8); the spec leaves which call takes which path to us:
 * check md5 is `/mediaupload`, the upload token `/preupload`, the upload itself tus at `/webupload`.
 */
export const cloudDiskApi = {
  list: ep("GET /webfile", "cloudDisk"),
  add: ep("POST /webfile", "cloudDisk"),
  rename: ep("PATCH /webfile", "cloudDisk"),
  remove: ep("DELETE /webfile", "cloudDisk"),
  groupList: ep("GET /readgroupcloud", "cloudDisk"),
  move: ep("PATCH /move", "cloudDisk"),
  search: ep("GET /search", "cloudDisk"),
  parents: ep("GET /parentlist", "cloudDisk"),
  checkMd5: ep("GET /mediaupload", "cloudDisk"),
  mediaUrl: ep("GET /mediaurlrq", "cloudDisk"),
  /** A stored file's bytes: the session's organisation and disks are checked, or a signed address. */
  file: ep("GET /objects/:name", "cloudDisk"),
  /**
   * The same file with the name it is shown as after it (`/objects/<name>/第三章.pdf`), the address a
   * listing answers: Chromium's PDF viewer titles a document by its address's last segment.
   */
  namedFile: ep("GET /objects/:name/:shownAs", "cloudDisk"),
  token: ep("GET /preupload", "cloudDiskUpload"),
  /** tus 1.0 (creation, termination): POST creates, PATCH /webupload/<videoid> appends, HEAD asks the offset. */
  upload: ep("POST /webupload", "cloudDiskUpload"),
  status: ep("GET /uploadstatus", "cloudDiskUpload"),
} as const;

/** How a file is previewed in the browser; "" is 当前文件暂不支持预览. */
export type PreviewKind = "image" | "pdf" | "";

/** One row of a listing or search (2 §3 cloud disk item). */
export interface CloudItem {
  id: number;
  name: string;
  /** 0 folder, 1 file. */
  file_type: number;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  update_time: string;
  /** Epoch ms of `update_time`, for the state of an unconverted file (2 §4). */
  updated_at: number;
  /**
   * Where the file is viewed ('' while it is converted), ending with the name it is shown as; an
   * office document's is its PDF once converted.
   */
  url: string;
  /** The stored object's id: the `docid` of add, upload status and media url. '' for folders. */
  guid: string;
  ext_name: string;
  doc_size: number;
  preview: PreviewKind;
  /** Present, 1, on search results (2 §3). */
  bySearch?: number;
  /** Present, 1, on the 音乐 folder at a disk's root, which is never renamed, moved or deleted (2 §5). */
  fixed?: 1;
}

/** A folder of the breadcrumb, from the root down (`/parentlist`). */
export interface CloudCrumb {
  id: number;
  name: string;
}

const MB = 1024 * 1024;

/** Kinds of file by extension: what may be uploaded (2 §5) and how each is previewed. */
export const fileKinds = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  pdf: "pdf",
  doc: "office",
  docx: "office",
  ppt: "office",
  pptx: "office",
  mp3: "audio",
  mp4: "video",
} as const satisfies Record<string, "image" | "pdf" | "office" | "audio" | "video">;

export type FileExt = keyof typeof fileKinds;

export const cloudDisk = {
  /** 2 §9: cloud upload 100 MB. */
  maxBytes: 100 * MB,
  extensions: Object.keys(fileKinds) as FileExt[],
  /** The reserved folder at the root of a disk (2 §5). */
  musicFolder: "音乐",
  /** Folders other features keep their files in; they exist but no listing shows them (2 §2). */
  systemFolders: [
    { key: "bgvideo", name: "背景视频" },
    { key: "bgdoc", name: "背景课件" },
    { key: "corpus", name: "课件语料" },
  ],
  /** Upload status is asked this often while unconverted files are shown, and a listing reloads this long after an add (2 §4). */
  pollMs: 5_000,
  /** An unconverted file is "converting" this long after its update, "failed" after (2 §4). */
  convertingMs: 3600_000,
  /** Folders inside folders, the root's children being the first level. */
  maxDepth: 16,
  nameMaxLength: 100,
  /** Rows of one page of a folder, and the page sizes offered. */
  pageSizes: [20, 50, 100] as const,
  maxPageSize: 500,
  /** Items one delete or move may name. */
  maxBatch: 100,
  /** Search answers at most this many rows (newest first). */
  searchLimit: 200,
  /** Uploads one organisation may start in any minute. */
  perMinute: 30,
  /** tus sends the file in parts this big: a dropped connection costs at most one part. */
  chunkBytes: 5 * MB,
  /** How long an upload may take, resumes included, before its token and partial bytes go. */
  uploadLifeMs: 24 * 3600_000,
  /** A signed address (`/mediaurlrq`) stays valid this long. */
  signedUrlSeconds: 600,
  /** The header a tus request carries the upload token in. */
  tokenHeader: "x-upload-token",
  messages: {
    emptyName: "文件名不能为空",
    musicExists: "当前已存在【音乐】的文件夹",
    musicFixed: "【音乐】文件夹不能删除、移动或重命名",
    finishFolder: "请先完成当前文件夹的创建",
    badType: "只能上传jpg、jpeg、png、pdf、doc、docx、ppt、pptx、mp3、mp4格式的文件",
    tooLarge: "最大上传100M",
    noPreview: "当前文件暂不支持预览",
    notFound: "文件不存在",
    folderNotFound: "文件夹不存在",
    intoItself: "不能移动到自身或其子文件夹中",
    tooDeep: "文件夹层级不能超过16层",
    notUploaded: "文件尚未上传完成",
    contentMismatch: "文件内容与格式不符",
    uploadFailed: uploadFailedMessage,
    added: "添加成功",
    uploaded: "上传成功",
    renamed: "修改成功",
    deleted: "删除成功",
    batchDeleted: "批量删除成功",
    moved: "移动成功",
  },
} as const;

/** The lower-case extension of a file name, or "" for none. */
export const extOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** The reserved 音乐 folder: a folder of that name at a disk's root (2 §5; one at most). */
export const isMusicFolder = (item: { file_type: number; parent_id: number; name: string }) =>
  item.file_type === 0 && item.parent_id === 0 && item.name === cloudDisk.musicFolder;

export const isAllowedExt = (ext: string): ext is FileExt => Object.prototype.hasOwnProperty.call(fileKinds, ext);

/** What stands in a list beside a file (2 §4): ready, converting (no url, updated within the hour), failed (no url after it). */
export type FileState = "ready" | "converting" | "failed";

export function fileStateOf(item: Pick<CloudItem, "file_type" | "url" | "updated_at">, now: number): FileState {
  if (item.file_type === 0 || item.url) return "ready";
  return now - item.updated_at < cloudDisk.convertingMs ? "converting" : "failed";
}

/** Upload status (`/uploadstatus`): 1 viewable (the list reloads), 0 still converting, 2 failed. */
export const uploadStatus = { converting: 0, ready: 1, failed: 2 } as const;

/** How the organisation's log names the disk's writes (resources/platform/audit-log.ts). */
export const cloudDiskAudit = { resource: "cloudDisk", title: "云盘文件" } as const;
