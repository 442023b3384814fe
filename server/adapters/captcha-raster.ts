import crypto from "node:crypto";

/** The captcha picture's pixels: its size, its random numbers, its colours and a pen to draw with. */

export const WIDTH = 120;
export const HEIGHT = 40;

export type Pt = [number, number];
export type Rgb = [number, number, number];
/** A uniform number in [min, max). */
export type Rand = (min: number, max: number) => number;

/**
 * sfc32 seeded from the system's CSPRNG for each picture: the distortion is as unpredictable
 * as the answer, at a fraction of the cost of a crypto call for each of its ~15,000 numbers. A
 * given seed (16 bytes) draws the same picture again: the OCR test judges a fixed set of pictures.
 */
export function seeded(seed: Uint8Array = crypto.randomBytes(16)): Rand {
  let [a, b, c, d] = seed.reduce<number[]>((w, byte, i) => ((w[i >> 2] = ((w[i >> 2] ?? 0) << 8) | byte), w), []);
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

export const colour = (rnd: Rand, min: number, max: number): Rgb => [rnd(min, max), rnd(min, max), rnd(min, max)];

const lumaOf = ([r, g, b]: Rgb) => 0.299 * r + 0.587 * g + 0.114 * b;

/** A saturated colour of `hue` (0-360) as light to a grey-scale eye as `luma`: the hue is all that tells it apart. */
export function inkOf(hue: number, luma: number): Rgb {
  const channel = (n: number, light: number) => {
    const k = (n + hue / 30) % 12;
    const a = 0.85 * Math.min(light, 1 - light);
    return 255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  let [low, high] = [0, 1];
  for (let i = 0; i < 20; i++) {
    const light = (low + high) / 2;
    if (lumaOf([channel(0, light), channel(8, light), channel(4, light)]) < luma) low = light;
    else high = light;
  }
  return [channel(0, low), channel(8, low), channel(4, low)];
}

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

/**
 * A broad pen held at one angle: a stroke is thin where it runs along the nib and thick across it,
 * so the width changes along every curve and from one stroke to the next, as handwriting does. A
 * recogniser trained on strokes of one width sees neither a font nor a clean skeleton.
 */
export interface Pen {
  angle: number;
  thin: number;
  thick: number;
}

const penRadius = (pen: Pen, [ax, ay]: Pt, [bx, by]: Pt) => pen.thin + (pen.thick - pen.thin) * Math.abs(Math.sin(Math.atan2(by - ay, bx - ax) - pen.angle));

export function paint(pixels: Float32Array, lines: Pt[][], pen: Pen, ink: Rgb, opacity = 1): void {
  const mask = new Float32Array(WIDTH * HEIGHT);
  for (const line of lines) for (let i = 1; i < line.length; i++) cover(mask, line[i - 1], line[i], penRadius(pen, line[i - 1], line[i]));
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i] * opacity;
    if (a > 0) for (let c = 0; c < 3; c++) pixels[i * 3 + c] += (ink[c] - pixels[i * 3 + c]) * a;
  }
}

/** Points about a pixel apart along a polyline, so the warp bends straight strokes and the pen turns with them. */
export function densify(line: Pt[]): Pt[] {
  const out: Pt[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
    for (let s = 1; s <= steps; s++) out.push([ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps]);
  }
  return out;
}

