import type { FileExt } from "../../../resources/cloud-disk/cloud-disk";

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const zip = [0x50, 0x4b, 0x03, 0x04];
const jpeg = (head: Uint8Array) => startsWith(head, [0xff, 0xd8, 0xff]);

/**
 * Whether a file's first bytes are what its extension says (2 §5's types). The server judges the
 * bytes, not the name: a page served from our origin must be the kind of file it claims, so an
 * HTML page named .png is never stored. Office files are containers (OLE2 for doc/ppt, zip for
 * docx/pptx); an MP3 starts with an ID3 tag or an MPEG frame sync; an MP4 names `ftyp` at byte 4.
 */
const checks: Record<FileExt, (head: Uint8Array) => boolean> = {
  jpg: jpeg,
  jpeg,
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  pdf: (h) => startsWith(h, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  doc: (h) => startsWith(h, ole2),
  ppt: (h) => startsWith(h, ole2),
  docx: (h) => startsWith(h, zip),
  pptx: (h) => startsWith(h, zip),
  mp3: (h) => startsWith(h, [0x49, 0x44, 0x33]) || (h.length >= 2 && h[0] === 0xff && (h[1] & 0xe0) === 0xe0),
  mp4: (h) => startsWith(h, [0x66, 0x74, 0x79, 0x70], 4),
};

/** Leading bytes `matchesExt` needs. */
export const signatureBytes = 12;

export const matchesExt = (ext: FileExt, head: Uint8Array): boolean => checks[ext](head);

/** What the file is served as. */
export const contentTypes: Record<FileExt, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
};
