import { ep } from "./endpoint";

/**
 * The image upload of the console (1 §7 "Upload file", 2 §7): one multipart file field,
 * answered with the URL the image is served at. Covers of courses, products and ads use it.
 */
export const uploadApi = {
  upload: ep("POST /upload", "upload"),
  /** Where an uploaded file is served; `:name` is the name the upload answered. */
  file: ep("GET /uploads/:name"),
} as const;

/**
 * The cover rules of 1 §5 and §9: jpeg or png, at most 3 MB. The server judges the file's own bytes.
 * Each organisation also keeps to a quota of bytes (UPLOAD_QUOTA_MB) and a rate of files.
 */
export const imageUpload = {
  maxBytes: 3 * 1024 * 1024,
  types: { "image/jpeg": "jpg", "image/png": "png" } as Record<string, string>,
  /**
   * The menu keys whose forms upload an image (course covers); a sub-admin needs one of them. Add
   * the key of a new form with an image field here.
   */
  menuKeys: ["courseop"],
  /** Files one organisation may upload in any minute: a person choosing covers stays far below it. */
  perMinute: 20,
  messages: {
    type: "请上传jpeg、png格式图片",
    size: "最大上传3M",
    missing: "请选择要上传的图片",
    tooFast: "上传过于频繁，请稍后再试",
    full: (quota: string) => `本机构的上传空间已用完（上限${quota}），无法继续上传`,
  },
} as const;

/** The first bytes of each allowed image type, as `imageUpload.types` names them. */
const signatures: [type: string, bytes: number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];

/** How many leading bytes `imageTypeOf` needs. */
export const imageHeadBytes = Math.max(...signatures.map(([, bytes]) => bytes.length));

/**
 * The image type a file's first bytes show (`image/png`, `image/jpeg`), whatever its name or
 * declared type says; null for anything else. The browser checks before sending, the server again.
 */
export function imageTypeOf(head: Uint8Array): string | null {
  const found = signatures.find(([, bytes]) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte));
  return found ? found[0] : null;
}

/** Images are shown on https pages, where an http link would be blocked as mixed content (1 §7). */
export const httpsUrl = (url: string) => url.replace(/^http:\/\//i, "https://");
