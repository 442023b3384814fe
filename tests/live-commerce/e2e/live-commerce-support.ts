import type { FrameLocator, Page } from "playwright-core";
import { expect } from "vitest";
import { sellProductPage } from "../../../resources/live-commerce/pages";
import { productShelf } from "../../../resources/live-commerce/shelf";
import productTemplate from "../../../resources/lives/product-template";
import type { FreshLive } from "../../rooms/e2e/rooms-support";

/**
 * Products from the templates into a live and into its room, shared by the live commerce path and
 * the whole path around a live (tests/lives/e2e/around-a-live.e2e.ts).
 */

/** A product template added through its own call in the spec's wire shape ({product} JSON text), priced 19.9. */
export async function addTemplate(admin: Page, name: string, id: string) {
  const product = { productname: name, productdetailurl: `https://shop.example/${id}`, productdesc: "端到端", productprice: "19.9", productid: id };
  const response = await admin.request.post(productTemplate.api.create!.path, { data: { product: JSON.stringify(product) } });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

/** On /sellProduct of the live, 从模板导入 picks the templates by name; the list then shows them. */
export async function importTemplates(admin: Page, live: FreshLive, names: readonly string[]) {
  await admin.goto(`${sellProductPage.route}?liveId=${live.liveId}&courseId=${live.courseId}`);
  await admin.getByRole("button", { name: "从模板导入" }).click();
  const picker = admin.getByRole("dialog", { name: "从模板导入" });
  for (const name of names) await picker.getByRole("row", { name: new RegExp(name) }).getByRole("checkbox").check();
  await picker.getByRole("button", { name: /确\s*定/ }).click();
  for (const name of names) await admin.getByRole("row", { name: new RegExp(name) }).waitFor({ timeout: 15_000 });
}

/** In a viewer's room, the 商品 tab shows the product as a card priced ¥19.90; its link (noopener) opens the shop, which is closed again. */
export async function clickCard(student: Page, room: FrameLocator, name: string) {
  // The card's link leaves the room for the shop: answered here, the closed network has no shop.
  await student.context().route("https://shop.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>shop</title>" }));
  await room.getByRole("tab", { name: "商品" }).click();
  const card = room.getByRole("article", { name });
  await card.waitFor({ timeout: 15_000 });
  expect(await card.innerText()).toContain("¥19.90");
  const link = card.getByRole("link", { name: `查看 ${name}` });
  expect(await link.getAttribute("rel")).toContain("noopener");
  const [shop] = await Promise.all([student.context().waitForEvent("page"), link.click()]);
  await shop.close();
}

/** The clicks counted by the server, as the list's own call reads them, are `clicks`; the reloaded /sellProduct row of `name` shows `shown`. */
export async function clicksCounted(admin: Page, live: FreshLive, clicks: Record<string, number>, name: string, shown: number) {
  await expect
    .poll(async () => ((await (await admin.request.get(productShelf.read.path, { params: { liveid: String(live.liveId) } })).json()) as { data: { clicks: Record<string, number> } }).data.clicks, { timeout: 10_000 })
    .toEqual(clicks);
  await admin.goto(`${sellProductPage.route}?liveId=${live.liveId}&courseId=${live.courseId}`);
  const row = admin.getByRole("row", { name: new RegExp(name) });
  await row.waitFor({ timeout: 15_000 });
  expect((await row.getByRole("cell").allInnerTexts()).at(-2)).toBe(String(shown));
}
