import type { EngineRegistry } from "../../engine/registry";
import { WordTagsWidget } from "./word-tags-widget";

/** What the sensitive words lend the generated /filterWords forms (resources/filter-words/forms.ts) by name. */
export const filterWordsEngineParts: Partial<EngineRegistry> = {
  widgets: { wordTags: WordTagsWidget },
};
