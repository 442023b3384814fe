import { access } from "../kernel/call";
import { ep } from "../kernel/endpoint";
import { defineSingle } from "../kernel/single";
import type { SingleTableDecl } from "../kernel/table";

/** The menu key of /filterWords (1 §3 智能监控). */
export const filterWordsKey = "filterWords";

/**
 * The wire contract of the sensitive words (3 §7.5): each list read and saved as JSON text in
 * `config`, `{"words":[…]}`, as the group config carries its settings.
 */
export const filterWordsApi = {
  /** → `{config}`: the black list as JSON text, `{"words":[]}` until first saved. */
  black: ep("GET /cms/filterword/blackconfig"),
  /** `{config}` (JSON text) → 保存成功. */
  blackSet: ep("PATCH /cms/filterword/blackconfig"),
  /** → `{config}`: the white list as JSON text. */
  white: ep("GET /cms/filterword/whiteconfig"),
  /** `{config}` (JSON text) → 保存成功. */
  whiteSet: ep("PATCH /cms/filterword/whiteconfig"),
};

export const filterWordsMessages = {
  /** 3 §8: a filter-word save says 保存成功; a failure shows the server's words. */
  saved: "保存成功",
  invalid: "敏感词格式不正确",
  confirmDelete: (word: string) => `确定删除敏感词「${word}」吗？`,
} as const;

/** The most words of a list (3 §5, §9), the schema's `maxItems`; the tag input says so as it fills. */
export const filterWordsMax = 1000;

/** A list of one organisation: both live in one row of filter_words (migration 0032), each as JSON text in its own column. */
const listTable = (column: "black" | "white"): SingleTableDecl => ({
  name: "filter_words",
  updated: "updated_at",
  single: { schema: "filter-words.edit", defaults: { words: [] }, json: { column, wire: "config", invalid: filterWordsMessages.invalid } },
});

const byKey = access.menu([filterWordsKey]);

/**
 * The black list (3 §2.4): with a live's chat review on (`openFilterChat`), a message holding one
 * of these words is held for review in the built-in room (server/services/filter-words/).
 */
export const blackWords = defineSingle({
  name: "filterBlackWords",
  title: "敏感词黑名单",
  api: { get: filterWordsApi.black, update: filterWordsApi.blackSet },
  access: { read: byKey, write: byKey },
  form: "filter-words.save",
  saved: filterWordsMessages.saved,
  table: listTable("black"),
});

/**
 * The white list: a white word holding a black word where it occurs ("上海市" around "海市") lets
 * that occurrence pass. The console shows it only while the group's chat review is on (3 §4).
 */
export const whiteWords = defineSingle({
  name: "filterWhiteWords",
  title: "敏感词白名单",
  api: { get: filterWordsApi.white, update: filterWordsApi.whiteSet },
  access: { read: byKey, write: byKey },
  form: "filter-words.save",
  saved: filterWordsMessages.saved,
  table: listTable("white"),
});

export const filterWordSingles = [blackWords, whiteWords];
