import { ep } from "./endpoint";

/**
 * The image upload of the console (1 §7 "Upload file", 2 §7): one multipart file field,
 * answered with the URL the image is served at. Covers of courses, products and ads use it; the
 * query's `rule` (imageRules) picks the rule the file is judged by, the cover rule when absent.
 */
/** What a failed upload says when the server gives no words of its own (3 §8, 2 §8). */
export const uploadFailedMessage = "上传文件失败";

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

/** The parts of an image rule the browser and the server both judge a file by. */
export interface ImageRule {
  maxBytes: number;
  /** MIME type → the extension a stored file gets. */
  types: Record<string, string>;
  /** A sub-admin needs one of these keys to upload under the rule. */
  menuKeys: readonly string[];
  messages: { type: string; size: string };
}

/**
 * The verification page's logo, cover and introduction images (2 §5, §9): jpeg (jpg), png or bmp,
 * at most 5 MB, uploaded by those who manage lives.
 */
export const verificationImageUpload: ImageRule = {
  maxBytes: 5 * 1024 * 1024,
  types: { "image/jpeg": "jpg", "image/png": "png", "image/bmp": "bmp" },
  menuKeys: ["liveop"],
  messages: { type: "只能上传图片格式", size: "上传图片大小不能超过5M" },
};

/**
 * The certification's licence photo (3 §5, §7.6 "category company", §9): jpeg or png, at most 2 MB
 * (2097152 bytes), uploaded by those who hold the certification page.
 */
export const companyImageUpload: ImageRule = {
  maxBytes: 2 * 1024 * 1024,
  types: { "image/jpeg": "jpg", "image/png": "png" },
  menuKeys: ["groupCertification"],
  messages: { type: "请上传jpeg、png格式图片", size: "上传图片不能大于2M" },
};

/** Every rule a caller may name in the upload's `rule` query; `cover` is the default. */
export const imageRules = { cover: imageUpload as ImageRule, verification: verificationImageUpload, company: companyImageUpload } as const;
export type ImageRuleName = keyof typeof imageRules;

/** The largest file any rule takes: the bound the upload's parser is set up with. */
export const largestImageBytes = Math.max(...Object.values(imageRules).map((rule) => rule.maxBytes));

/**
 * The first bytes of each known image type; `null` matches any byte. A bitmap is "BM", its size,
 * then four reserved bytes that are zero in every writer's output (a text file starting "BM" is not).
 */
const signatures: [type: string, bytes: (number | null)[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/bmp", [0x42, 0x4d, null, null, null, null, 0, 0, 0, 0]],
];

/** How many leading bytes `imageTypeOf` needs. */
export const imageHeadBytes = Math.max(...signatures.map(([, bytes]) => bytes.length));

/**
 * The image type a file's first bytes show (`image/png`, `image/jpeg`, `image/bmp`), whatever its
 * name or declared type says; null for anything else. Whether that type is allowed is the rule's
 * to say. The browser checks before sending, the server again.
 */
export function imageTypeOf(head: Uint8Array): string | null {
  const found = signatures.find(([, bytes]) => head.length >= bytes.length && bytes.every((byte, i) => byte === null || head[i] === byte));
  return found ? found[0] : null;
}

/** Images are shown on https pages, where an http link would be blocked as mixed content (1 §7). */
export const httpsUrl = (url: string) => url.replace(/^http:\/\//i, "https://");
