import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { filterWordsApi } from "../../../resources/filter-words/filter-words";
import { filterWordsPage } from "../../../resources/filter-words/forms";
import { addWords, splitWords } from "../../../resources/filter-words/word-tags";
import { setHttpAdapter } from "../../../providers/http";
import { conditionHolds, TabbedFormsPage } from "../../../src/engine/tabbed-forms-page";
import { failEnvelope, mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { filterWordsAnswers, type FilterWordsAnswerOptions } from "../../../stories/filter-words/filter-words-answers";
import { renderPage } from "../../kernel/client/engine/support";

/** /filterWords (3 §2.4, §4, §5, §8): the tag input, the white list's visibility, the saves' words. */

afterEach(() => setHttpAdapter());

function serve(options: FilterWordsAnswerOptions = {}, extra: MockRoutes = []) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter([...filterWordsAnswers(options), ...extra], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { sentWords: (path: string) => calls.filter((c) => c.method === "PATCH" && c.path === path).map((c) => (JSON.parse(String(c.body.config)) as { words: string[] }).words) };
}

const open = () => renderPage("/filterWords", <TabbedFormsPage decl={filterWordsPage} />);
const panel = () => document.querySelector<HTMLElement>(".ant-tabs-tabpane-active")!;
const box = () => within(panel()).getByRole("textbox", { name: "添加敏感词" });
const tagsShown = () => [...panel().querySelectorAll('[role="listitem"]')].map((tag) => tag.firstChild?.textContent);
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const saveButton = () => within(panel()).getByRole("button", { name: /保\s*存/ }) as HTMLButtonElement;

describe("the tag input's splitting (resources/filter-words/word-tags.ts)", () => {
  it("splits on ; ； , ， and 、, trims, drops empties, and keeps each word once (Latin letters without case)", () => {
    expect(splitWords(" 甲;乙；丙 ,丁，戊、己 ;; ")).toEqual(["甲", "乙", "丙", "丁", "戊", "己"]);
    expect(addWords(["Spam", "甲"], "spam；乙、甲，乙,丙")).toEqual(["Spam", "甲", "乙", "丙"]);
  });
});

describe("a tab's condition (src/engine/tabbed-forms-page.tsx)", () => {
  const when = filterWordsPage.tabs[1].when!;
  it("holds only for the JSON text's field at the value, never before an answer or for text that is not JSON", () => {
    expect(conditionHolds(when, { config: JSON.stringify({ openFilterChat: "1" }) })).toBe(true);
    expect(conditionHolds(when, { config: JSON.stringify({ openFilterChat: "0" }) })).toBe(false);
    expect(conditionHolds(when, { config: "{" })).toBe(false);
    expect(conditionHolds(when, undefined)).toBe(false);
    expect(conditionHolds({ ...when, json: undefined }, { openFilterChat: "1" })).toBe(true);
  });
});

describe("/filterWords", () => {
  it("shows the white list only while the group's chat review is on", async () => {
    serve({ review: false });
    const view = open();
    await waitFor(() => expect(tagsShown()).toEqual(["海市", "广告"]));
    expect(screen.getByRole("tab", { name: "黑名单" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "白名单" })).toBeNull();
    view.unmount();

    serve({ review: true });
    open();
    fireEvent.click(await screen.findByRole("tab", { name: "白名单" }));
    await waitFor(() => expect(tagsShown()).toEqual(["上海市"]));
  });

  it("adds the words typed on Enter, as soon as a separator is typed, and removes one only when confirmed; 保存 sends them and says 保存成功", async () => {
    const server = serve();
    open();
    await waitFor(() => expect(tagsShown()).toEqual(["海市", "广告"]));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: "刷屏；海市、 外链 ,刷" } });
    expect(tagsShown()).toEqual(["海市", "广告", "刷屏", "外链"]);
    expect((box() as HTMLInputElement).value).toBe("刷");
    fireEvent.change(box(), { target: { value: "刷单" } });
    fireEvent.keyDown(box(), { key: "Enter", code: "Enter", keyCode: 13 });
    expect(tagsShown()).toEqual(["海市", "广告", "刷屏", "外链", "刷单"]);
    // Enter in the box added words; it sent nothing.
    expect(server.sentWords(filterWordsApi.blackSet.path)).toEqual([]);

    fireEvent.click(within(panel()).getByRole("button", { name: "删除广告" }));
    const confirm = await screen.findByText("确定删除敏感词「广告」吗？");
    fireEvent.click(within(confirm.closest(".ant-modal-content") as HTMLElement).getByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText("确定删除敏感词「广告」吗？")).toBeNull());
    expect(tagsShown()).toContain("广告");
    fireEvent.click(within(panel()).getByRole("button", { name: "删除广告" }));
    const again = await screen.findByText("确定删除敏感词「广告」吗？");
    fireEvent.click(within(again.closest(".ant-modal-content") as HTMLElement).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(tagsShown()).toEqual(["海市", "刷屏", "外链", "刷单"]));

    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.sentWords(filterWordsApi.blackSet.path)).toEqual([["海市", "刷屏", "外链", "刷单"]]));
    await waitFor(() => expect(toasts()).toContain("保存成功"));
  });

  it("refuses to save more than 1000 words with the schema's 敏感词最多1000个, and shows the server's words when it refuses", async () => {
    const server = serve({ black: Array.from({ length: 1000 }, (_, i) => `词${i}`) }, [[filterWordsApi.whiteSet, failEnvelope(400, "敏感词不能重复")]]);
    open();
    await waitFor(() => expect(tagsShown()).toHaveLength(1000));
    fireEvent.change(box(), { target: { value: "多一个、" } });
    await waitFor(() => expect(panel().textContent).toContain("敏感词最多1000个"));
    fireEvent.click(saveButton());
    await waitFor(() => expect(panel().querySelector(".ant-form-item-explain-error")?.textContent).toBe("敏感词最多1000个"));
    expect(server.sentWords(filterWordsApi.blackSet.path)).toEqual([]);

    fireEvent.click(screen.getByRole("tab", { name: "白名单" }));
    await waitFor(() => expect(tagsShown()).toEqual(["上海市"]));
    fireEvent.change(box(), { target: { value: "北京市;" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts()).toContain("敏感词不能重复"));
  });
});
