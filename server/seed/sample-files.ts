import { encodePng } from "../adapters/png";

/**
 * Small real files for the demo's cloud disk: a one-page PDF (a slide drawn in vector shapes, so
 * it needs no font) and a PNG gradient. `extra` is carried in an object nothing refers to, which
 * any reader skips: it makes two PDFs differ (their md5 too) without changing what they show.
 */
export function samplePdf(hue: [number, number, number] = [0.08, 0.39, 0.88], extra: Buffer = Buffer.alloc(0)): Buffer {
  const [r, g, b] = hue.map((v) => v.toFixed(2));
  const drawing = [
    `${r} ${g} ${b} rg 0 752 595 90 re f`,
    "0.93 0.95 0.98 rg 48 420 499 290 re f",
    `${r} ${g} ${b} RG 4 w 80 460 m 200 600 l 320 520 l 440 660 l 515 560 l S`,
    "0.85 0.33 0.10 rg 60 120 140 220 re f 0.98 0.73 0.02 rg 228 120 140 160 re f 0.16 0.65 0.40 rg 396 120 140 260 re f",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>",
    `<< /Length ${Buffer.byteLength(drawing)} >>\nstream\n${drawing}\nendstream`,
  ].map((body) => Buffer.from(body, "latin1"));
  objects.push(Buffer.concat([Buffer.from(`<< /Length ${extra.length} >>\nstream\n`), extra, Buffer.from("\nendstream")]));

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A PNG of `width`×`height`, a diagonal gradient from one colour to another. */
export function samplePng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  return encodePng(width, height, rgb);
}
