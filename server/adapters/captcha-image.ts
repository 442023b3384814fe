import crypto from "node:crypto";
import { GLYPHS } from "./captcha-font";
import { encodePng } from "./png";

// No 0/O, 1/I/l: a person has to be able to read it back.
export const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export const captchaAnswer = (length = 4) =>
  Array.from({ length }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");

const WIDTH = 120;
const HEIGHT = 40;

type Pt = [number, number];
type Rgb = [number, number, number];
/** A uniform number in [min, max). */
type Rand = (min: number, max: number) => number;

/**
 * sfc32 seeded from the system's CSPRNG for each picture: the distortion is as unpredictable
 * as the answer, at a fraction of the cost of a crypto call for each of its ~15,000 numbers.
 */
function seeded(): Rand {
  let [a, b, c, d] = crypto.randomBytes(16).reduce<number[]>((w, byte, i) => ((w[i >> 2] = ((w[i >> 2] ?? 0) << 8) | byte), w), []);
  return (min, max) => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    const unit = (t >>> 0) / 4294967296;
    return min + unit * (max - min);
  };
}

const colour = (rnd: Rand, min: number, max: number): Rgb => [rnd(min, max), rnd(min, max), rnd(min, max)];

/** Stroke coverage of one anti-aliased segment, kept as the maximum so joints are not painted twice. */
function cover(mask: Float32Array, [ax, ay]: Pt, [bx, by]: Pt, radius: number): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - radius - 1));
  const x1 = Math.min(WIDTH - 1, Math.ceil(Math.max(ax, bx) + radius + 1));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - radius - 1));
  const y1 = Math.min(HEIGHT - 1, Math.ceil(Math.max(ay, by) + radius + 1));
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - ax;
      const py = y + 0.5 - ay;
      const t = Math.min(1, Math.max(0, (px * dx + py * dy) / len2));
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = Math.sqrt(ex * ex + ey * ey);
      const c = Math.min(1, radius + 0.5 - d);
      if (c > mask[y * WIDTH + x]) mask[y * WIDTH + x] = c;
    }
}

function paint(pixels: Float32Array, lines: Pt[][], radius: number, ink: Rgb, opacity = 1): void {
  const mask = new Float32Array(WIDTH * HEIGHT);
  for (const line of lines) for (let i = 1; i < line.length; i++) cover(mask, line[i - 1], line[i], radius);
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i] * opacity;
    if (a > 0) for (let c = 0; c < 3; c++) pixels[i * 3 + c] += (ink[c] - pixels[i * 3 + c]) * a;
  }
}

/** Points about a pixel apart along a polyline, so the warp bends straight strokes. */
function densify(line: Pt[]): Pt[] {
  const out: Pt[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
    for (let s = 1; s <= steps; s++) out.push([ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps]);
  }
  return out;
}

/** One glyph placed in its slot with its own scale, shear and rotation. */
function placeGlyph(rnd: Rand, ch: string, slot: number, count: number): Pt[][] {
  const slotWidth = (WIDTH - 12) / count;
  const cx = 6 + (slot + 0.5) * slotWidth + rnd(-2.5, 2.5);
  const cy = HEIGHT / 2 + rnd(-2, 2);
  const sx = rnd(3.4, 4.4);
  const sy = rnd(3.3, 3.9);
  const shear = rnd(-0.3, 0.3);
  const angle = rnd(-0.35, 0.35);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return GLYPHS[ch].map((stroke) =>
    densify(
      stroke.map(([gx, gy]): Pt => {
        const x = (gx - 2 + shear * (gy - 3)) * sx;
        const y = (gy - 3) * sy;
        return [cx + x * cos - y * sin, cy + x * sin + y * cos];
      }),
    ),
  );
}

/** A wave across the whole picture, so neighbouring glyphs bend together like a sheet. */
function warper(rnd: Rand): (p: Pt) => Pt {
  const [ax, fx, px] = [rnd(1, 2.2), rnd(0.12, 0.25), rnd(0, 2 * Math.PI)];
  const [ay, fy, py] = [rnd(1, 2.2), rnd(0.05, 0.1), rnd(0, 2 * Math.PI)];
  return ([x, y]) => [x + ax * Math.sin(y * fx + px), y + ay * Math.sin(x * fy + py)];
}

function noiseCurve(rnd: Rand): Pt[] {
  const p = [
    [rnd(-4, 10), rnd(4, HEIGHT - 4)],
    [rnd(20, 50), rnd(-10, HEIGHT + 10)],
    [rnd(70, 100), rnd(-10, HEIGHT + 10)],
    [rnd(WIDTH - 10, WIDTH + 4), rnd(4, HEIGHT - 4)],
  ];
  return Array.from({ length: 61 }, (_, i): Pt => {
    const t = i / 60;
    const w = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3];
    return [w.reduce((s, k, j) => s + k * p[j][0], 0), w.reduce((s, k, j) => s + k * p[j][1], 0)];
  });
}

function background(rnd: Rand): Float32Array {
  const pixels = new Float32Array(WIDTH * HEIGHT * 3);
  const base = colour(rnd, 228, 250);
  const [fx, fy, phase] = [rnd(0.03, 0.08), rnd(0.05, 0.15), rnd(0, 2 * Math.PI)];
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const wave = 10 * Math.sin(x * fx + y * fy + phase);
      for (let c = 0; c < 3; c++) pixels[(y * WIDTH + x) * 3 + c] = base[c] + wave + rnd(-9, 9);
    }
  return pixels;
}

/**
 * The captcha as a 120 × 40 PNG. The answer exists only as pixels: glyphs of our own stroke
 * font, each scaled, sheared and turned, bent by one wave, crossed by noise curves and
 * speckled, so neither the bytes nor a font matcher give it away, while a person reads it.
 */
export function captchaPng(answer: string): Buffer {
  const rnd = seeded();
  const pixels = background(rnd);
  const warp = warper(rnd);
  for (let i = 0; i < 2; i++) paint(pixels, [noiseCurve(rnd).map(warp)], rnd(0.5, 0.8), colour(rnd, 90, 170), 0.8);
  [...answer.toUpperCase()].forEach((ch, i) =>
    paint(pixels, placeGlyph(rnd, ch, i, answer.length).map((line) => line.map(warp)), rnd(1.3, 1.7), colour(rnd, 10, 100)),
  );
  // Thinner and paler than the glyphs over them, so they cross a stroke without passing for one.
  for (let i = 0; i < 2; i++) paint(pixels, [noiseCurve(rnd)], rnd(0.3, 0.5), colour(rnd, 60, 150), 0.75);
  for (let i = 0; i < 140; i++) {
    const k = (Math.floor(rnd(0, HEIGHT)) * WIDTH + Math.floor(rnd(0, WIDTH))) * 3;
    const ink = colour(rnd, 0, 255);
    for (let c = 0; c < 3; c++) pixels[k + c] = (pixels[k + c] + ink[c]) / 2;
  }
  const rgb = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) rgb[i] = Math.max(0, Math.min(255, Math.round(pixels[i])));
  return encodePng(WIDTH, HEIGHT, rgb);
}
