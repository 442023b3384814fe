import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALPHABET, captchaAnswer, captchaPng } from "../../../server/adapters/captcha-image";
import { GLYPHS } from "../../../server/adapters/captcha-font";
import { decodePng } from "../../kernel/fixtures/png";
import { lastOf, startTestServer, type TestServer } from "../../kernel/server/helpers";

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
      // Chunk types are case-sensitive, and the first test holds the chunks to IHDR, IDAT, IEND; matched
      // ignoring case, four random bytes of the compressed pixels spelled "TeXt" about once in 600 runs.
      expect(bytes).not.toMatch(/<text|<svg|tEXt|zTXt|iTXt/);
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
    // ~1.8 ms of CPU on the 2-core bench machine; a wide margin for a loaded one.
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
