import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ALPHABET, captchaPng } from "../../../server/adapters/captcha-image";
import { ocrReads, tesseractAvailable } from "./captcha-ocr";

/**
 * Issue 16 item 2.7: tesseract read 17% of the captchas whole (28 in 100 with the attack in
 * captcha-ocr.ts). CI installs Debian's tesseract-ocr (.ci/run); without it the test says why it
 * is skipped. Two tesseract processes at a time, each reading a list of pictures: ~10 s on the
 * 2-core machine.
 */
const SAMPLES = 50;
const title = `tesseract reads at most 1 of ${SAMPLES} captchas whole (grey, median filter, Otsu threshold; modes 7, 8 and 13; the alphabet only)`;
const available = tesseractAvailable();

describe("the captcha against an off-the-shelf OCR", () => {
  (available ? it : it.skip)(available ? title : `${title}: skipped, tesseract is not installed (Debian: apt-get install tesseract-ocr)`, async () => {
    // A fixed set of pictures, so the verdict is the same on every run: random ones were read
    // whole at 0.25% each, which would fail about one run in 140 by chance alone.
    const picked = (i: number) => createHash("sha256").update(`captcha-ocr-${i}`).digest();
    const answers = Array.from({ length: SAMPLES }, (_, i) => [...picked(i).subarray(16, 20)].map((byte) => ALPHABET[byte % ALPHABET.length]).join(""));
    const reads = await ocrReads(
      answers.map((answer, i) => captchaPng(answer, picked(i).subarray(0, 16))),
      ALPHABET,
    );
    // The attack works: it places letters right here and there (about one in five), it just never gets all four.
    const inPlace = answers.reduce((sum, answer, i) => sum + Math.max(...reads[i].map((text) => [...answer].filter((ch, k) => text[k] === ch).length)), 0);
    expect(inPlace / (4 * SAMPLES)).toBeGreaterThan(0.05);
    const read = answers.filter((answer, i) => reads[i].includes(answer));
    expect(read.length, `read whole: ${read.join(", ")}`).toBeLessThanOrEqual(1);
  }, 120_000);
});
