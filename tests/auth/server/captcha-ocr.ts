import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodePng } from "../../../server/adapters/png";
import { decodePng } from "../../kernel/fixtures/png";

/**
 * The off-the-shelf OCR attack on the captcha (issue 16 item 2.7): tesseract 5 on the picture made
 * grey, cleaned by a median filter and cut by Otsu's threshold, in the page segmentation modes that
 * suit a short line of text (7 a line, 8 a word, 13 a raw line), its characters limited to the
 * captcha's alphabet. Two cleanings: the median on the picture as served (it takes out speckle and
 * hairlines) and on the picture enlarged three times (it keeps thin strokes), as anyone running
 * tesseract on a 40-pixel-high image enlarges it. The filter and threshold are done here on the
 * decoded pixels, so the attack is the same on every machine.
 */

export const tesseractAvailable = (): boolean => spawnSync("tesseract", ["--version"], { stdio: "ignore" }).status === 0;

interface Picture {
  width: number;
  height: number;
  grey: Float32Array;
}

const SCALE = 3;
const MODES = ["7", "8", "13"];

/** Grey levels with the weights PIL's convert("L") and OpenCV's BGR2GRAY use. */
function grey(png: Buffer): Picture {
  const { width, height, rgb } = decodePng(png);
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  return { width, height, grey: out };
}

/** Bilinear enlargement, SCALE times. */
function enlarged({ width, height, grey }: Picture): Picture {
  const at = (x: number, y: number) => grey[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  const w = width * SCALE;
  const h = height * SCALE;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = (x + 0.5) / SCALE - 0.5;
      const sy = (y + 0.5) / SCALE - 0.5;
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [fx, fy] = [sx - x0, sy - y0];
      out[y * w + x] = at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy;
    }
  return { width: w, height: h, grey: out };
}

/** The median of each pixel's 3 × 3 neighbourhood (edges repeated). */
function median3({ width, height, grey }: Picture): Picture {
  const out = new Float32Array(grey.length);
  const around = new Float32Array(9);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) around[k++] = grey[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))];
      around.sort();
      out[y * width + x] = around[4];
    }
  return { width, height, grey: out };
}

/** Otsu's threshold: the grey level that best splits the histogram into ink and ground. */
function otsu(grey: Float32Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const g of grey) histogram[Math.max(0, Math.min(255, Math.round(g)))]++;
  const total = grey.length;
  const sum = histogram.reduce((s, n, level) => s + n * level, 0);
  let [below, sumBelow, best, bestLevel] = [0, 0, -1, 128];
  for (let level = 0; level < 256; level++) {
    below += histogram[level];
    if (below === 0 || below === total) continue;
    sumBelow += histogram[level] * level;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) [best, bestLevel] = [between, level];
  }
  return bestLevel;
}

/** Black ink on white, as tesseract likes it. */
function thresholded({ width, height, grey }: Picture): Buffer {
  const level = otsu(grey);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < grey.length; i++) rgb.fill(grey[i] <= level ? 0 : 255, i * 3, i * 3 + 3);
  return encodePng(width, height, rgb);
}

/** The cleaned pictures an attacker would hand tesseract. */
export const cleanings: ((png: Buffer) => Buffer)[] = [
  (png) => thresholded(enlarged(median3(grey(png)))),
  (png) => thresholded(median3(enlarged(grey(png)))),
];

/**
 * One tesseract process reads a whole list of pictures: starting it (loading its model) costs
 * ~0.4 s, reading a picture a few ms. Its plain-text output ends each page with a form feed.
 * One thread each, as the test runs two at a time on a shared machine.
 */
function tesseract(list: string, count: number, mode: string, alphabet: string): Promise<string[]> {
  const args = [list, "stdout", "--psm", mode, "-l", "eng", "-c", `tessedit_char_whitelist=${alphabet}`];
  return new Promise((resolve, reject) =>
    execFile("tesseract", args, { timeout: 120_000, env: { ...process.env, OMP_THREAD_LIMIT: "1" } }, (error, stdout) => {
      if (error) return reject(error);
      const pages = stdout.split("\f").map((page) => page.replace(/\s+/g, ""));
      if (pages.at(-1) === "" && pages.length === count + 1) pages.pop();
      if (pages.length !== count) return reject(new Error(`tesseract gave ${pages.length} pages for ${count} pictures`));
      resolve(pages);
    }),
  );
}

/**
 * What tesseract reads of each picture, every cleaning in every mode: `reads[i]` holds the
 * candidates for `pngs[i]`; the captcha is read when any of them is its answer. Two processes at
 * a time, each over half the pictures.
 */
export async function ocrReads(pngs: Buffer[], alphabet: string): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-ocr-"));
  try {
    const half = Math.ceil(pngs.length / 2);
    const jobs = cleanings.flatMap((clean, c) => {
      const files = pngs.map((png, i) => {
        const file = path.join(dir, `${c}-${i}.png`);
        fs.writeFileSync(file, clean(png));
        return file;
      });
      return [files.slice(0, half), files.slice(half)].flatMap((part, p) => {
        const list = path.join(dir, `${c}-${p}.txt`);
        fs.writeFileSync(list, part.join("\n") + "\n");
        return MODES.map((mode) => ({ list, from: p * half, count: part.length, mode }));
      });
    });
    const reads = pngs.map((): string[] => []);
    await inParallel(jobs, 2, async ({ list, from, count, mode }) =>
      (await tesseract(list, count, mode, alphabet)).forEach((text, i) => reads[from + i].push(text)),
    );
    return reads;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
