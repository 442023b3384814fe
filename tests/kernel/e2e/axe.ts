import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ElementContext, Result } from "axe-core";
import type { Frame, Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0 and 2.1, levels A and AA (issue 9 item 12). */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core in a frame that lacks it, told to answer any frame's questions. Screens are opened inside
 * the app already loaded, so a document is given axe once: @axe-core/playwright parsed it twice an
 * analysis and finished each run in a new page (about 2.5 s a screen of the accessibility file's 75).
 */
async function inject(frame: Frame) {
  if (await frame.evaluate(() => "axe" in window).catch(() => true)) return;
  await frame.evaluate(`${axeSource};axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] })`).catch(() => undefined);
}

/** The violations of WCAG 2 A/AA (or `tags`) in `include` (the whole page by default), frames included. */
export async function axeViolations(page: Page, { include, tags = wcagTags }: { include?: string; tags?: string[] } = {}): Promise<Result[]> {
  for (const frame of page.frames()) await inject(frame);
  const results = await page.evaluate(
    ({ context, values }) =>
      (window as unknown as { axe: { run(c: ElementContext, o: object): Promise<AxeResults> } }).axe.run(context ?? document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] }),
    { context: include, values: tags },
  );
  return results.violations;
}
