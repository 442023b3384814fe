import crypto from "node:crypto";

// No 0/O, 1/I/l: a person has to be able to read it back.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export const captchaAnswer = (length = 4) =>
  Array.from({ length }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");

const rand = (min: number, max: number) => min + crypto.randomInt(Math.max(1, max - min));

/** A small SVG picture of the answer with skewed glyphs and noise lines; no font files needed. */
export function captchaSvg(answer: string, width = 110, height = 40): string {
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = 14 + i * ((width - 20) / answer.length);
      const y = rand(26, 32);
      const rotate = rand(-25, 25);
      const fill = `hsl(${rand(0, 360)},60%,35%)`;
      return `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${rand(22, 27)}" font-weight="bold" fill="${fill}" transform="rotate(${rotate} ${x} ${y})">${ch}</text>`;
    })
    .join("");
  const noise = Array.from({ length: 5 }, () => {
    const stroke = `hsl(${rand(0, 360)},50%,55%)`;
    return `<path d="M${rand(0, 20)} ${rand(5, 35)} Q${rand(30, 80)} ${rand(0, 40)} ${rand(90, 110)} ${rand(5, 35)}" stroke="${stroke}" stroke-width="${rand(1, 3)}" fill="none"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${noise}${glyphs}</svg>`;
}
