export interface Size {
  width: number;
  height: number;
}

/**
 * The part of a `source` image drawn onto a `target` canvas so the result fills it exactly, with no
 * stretch: the widest centred rectangle of the target's shape. The crop dialog already gives
 * nearly that shape (antd-img-crop has no output-size option, notes/libraries.md), so this trims
 * only its rounding.
 */
export function coverRect(source: Size, target: Size): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(source.width / target.width, source.height / target.height);
  const width = Math.round(target.width * scale);
  const height = Math.round(target.height * scale);
  return { x: Math.floor((source.width - width) / 2), y: Math.floor((source.height - height) / 2), width, height };
}

/**
 * A picked (and cropped) image redrawn at exactly `target` pixels, same name and, where the
 * browser can write it, same type (2 §5: 480×320 covers, a 120×100 logo); a canvas writes no
 * bitmap, so a bmp comes back as the png the browser made instead.
 */
export async function resizeImage(file: File, target: Size): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("图片处理失败");
    const part = coverRect(bitmap, target);
    context.drawImage(bitmap, part.x, part.y, part.width, part.height, 0, 0, target.width, target.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.92));
    if (!blob) throw new Error("图片处理失败");
    return new File([blob], file.name, { type: blob.type || file.type });
  } finally {
    bitmap.close();
  }
}
