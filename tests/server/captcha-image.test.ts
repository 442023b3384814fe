import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALPHABET, captchaAnswer, captchaPng } from "../../server/adapters/captcha-image";
import { GLYPHS } from "../../server/adapters/captcha-font";
import { lastOf, startTestServer, type TestServer } from "./helpers";

/** Reads back what a browser would: checks signature, chunk CRCs and header, inflates the pixels. */
function decodePng(png: Buffer): { width: number; height: number; rgb: Uint8Array; chunks: string[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | null = null;
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + len)));
    chunks.push(type);
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    at += 12 + len;
  }
  expect(chunks[0]).toBe("IHDR");
  expect(chunks.at(-1)).toBe("IEND");
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  expect([...header!.subarray(8)]).toEqual([8, 2, 0, 0, 0]); // 8-bit RGB, no interlace
  const raw = zlib.inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 3 + 1) * height);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 3 + 1)]).toBe(0); // the encoder writes unfiltered rows
    rgb.set(raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1)), y * width * 3);
  }
  return { width, height, rgb, chunks };
}

const luma = (rgb: Uint8Array, i: number) => 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];

describe("captcha image", () => {
  it("is a valid 120 × 40 PNG with nothing but its pixels", () => {
    const { width, height, chunks } = decodePng(captchaPng("K3X9"));
    expect([width, height]).toEqual([120, 40]);
    expect(chunks).toEqual(["IHDR", "IDAT", "IEND"]);
  });

  it("has a glyph for every letter of the alphabet", () => {
    expect([...ALPHABET].filter((ch) => !GLYPHS[ch])).toEqual([]);
  });

  it("gives the answer away neither as text nor as a run of its characters", () => {
    for (let i = 0; i < 50; i++) {
      const answer = captchaAnswer();
      const bytes = captchaPng(answer).toString("latin1");
      expect(bytes).not.toMatch(/<text|<svg|tEXt|zTXt|iTXt/i);
      expect(bytes.toUpperCase()).not.toContain(answer);
      expect(bytes).not.toContain(Buffer.from(answer, "utf16le").toString("latin1"));
    }
  });

  it("draws one answer differently every time", () => {
    const a = decodePng(captchaPng("K3X9")).rgb;
    const b = decodePng(captchaPng("K3X9")).rgb;
    let differing = 0;
    for (let i = 0; i < a.length; i += 3) if (Math.abs(luma(a, i / 3) - luma(b, i / 3)) > 24) differing++;
    expect(differing / (a.length / 3)).toBeGreaterThan(0.05);
  });

  it("stays legible: light ground, and each of the four places carries a character's worth of dark ink", () => {
    for (let n = 0; n < 20; n++) {
      const { width, height, rgb } = decodePng(captchaPng(captchaAnswer()));
      const lumas = Array.from({ length: width * height }, (_, i) => luma(rgb, i)).sort((x, y) => x - y);
      expect(lumas[Math.floor(lumas.length / 2)]).toBeGreaterThan(180);
      const slot = (width - 12) / 4;
      for (let s = 0; s < 4; s++) {
        let dark = 0;
        let all = 0;
        for (let y = 0; y < height; y++)
          for (let x = Math.round(6 + s * slot); x < Math.round(6 + (s + 1) * slot); x++, all++) if (luma(rgb, y * width + x) < 110) dark++;
        expect(dark / all).toBeGreaterThan(0.04);
        expect(dark / all).toBeLessThan(0.4);
      }
    }
  });

  it("is a reasonably cheap answer to an anonymous request", () => {
    captchaPng("WARM");
    const before = process.cpuUsage();
    for (let i = 0; i < 20; i++) captchaPng(captchaAnswer());
    const used = process.cpuUsage(before);
    // ~1.5 ms on the 2-core bench machine; a wide margin for a loaded one.
    expect((used.user + used.system) / 1000 / 20).toBeLessThan(25);
  });
});

describe("GET /cms/captcha", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it("answers a PNG that does not contain the answer it records", async () => {
    const res = await s.app.inject({ url: "/cms/captcha?mobile=13800000002&ts=1" });
    expect(res.headers["content-type"]).toMatch(/^image\/png/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const answer = lastOf(s.outbox(), "captcha", "13800000002")!.answer!;
    expect(decodePng(res.rawPayload).width).toBe(120);
    expect(res.rawPayload.toString("latin1")).not.toContain(answer);
  });
});
