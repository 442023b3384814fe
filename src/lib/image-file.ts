import { imageHeadBytes, imageTypeOf, imageUpload } from "../../resources/upload";

/** The first `count` bytes of a file (FileReader: every browser has it, and so has jsdom). */
function readHead(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("文件读取失败"));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/**
 * Why a picked file may not go up as an image (1 §5 cover: jpeg or png, at most 3 MB), or null.
 * Its declared type and its own first bytes must both say jpeg or png, so a renamed text file is
 * turned away before a byte is sent; the server judges the bytes again.
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  const { types, maxBytes, messages } = imageUpload;
  if (!Object.hasOwn(types, file.type)) return messages.type;
  if (imageTypeOf(await readHead(file, imageHeadBytes)) === null) return messages.type;
  if (file.size > maxBytes) return messages.size;
  return null;
}

/** 'jpeg、png格式，不超过3M', from the same rules. */
export const imageRulesText = () => {
  const names = Object.keys(imageUpload.types).map((type) => type.replace(/^image\//, ""));
  return `支持${names.join("、")}格式，不超过${imageUpload.maxBytes / 1024 / 1024}M`;
};
