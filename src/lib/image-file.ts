import { imageHeadBytes, imageTypeOf, imageUpload, type ImageRule } from "../../resources/kernel/upload";

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
 * Why a picked file may not go up as an image under `rule` (by default 1 §5's cover: jpeg or png,
 * at most 3 MB), or null. Its declared type and its own first bytes must both be one the rule
 * takes, so a renamed text file is turned away before a byte is sent; the server judges the bytes
 * again.
 */
export async function imageFileProblem(file: File, rule: ImageRule = imageUpload): Promise<string | null> {
  const { types, maxBytes, messages } = rule;
  if (!Object.hasOwn(types, file.type)) return messages.type;
  const shown = imageTypeOf(await readHead(file, imageHeadBytes));
  if (shown === null || !Object.hasOwn(types, shown)) return messages.type;
  if (file.size > maxBytes) return messages.size;
  return null;
}

/** 'jpeg、png格式，不超过3M', from the same rules. */
export const imageRulesText = (rule: ImageRule = imageUpload) => {
  const names = Object.keys(rule.types).map((type) => type.replace(/^image\//, ""));
  return `支持${names.join("、")}格式，不超过${rule.maxBytes / 1024 / 1024}M`;
};
