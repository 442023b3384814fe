/**
 * What the tag input of /filterWords turns typed or pasted text into (3 §5): words split on
 * semicolons, commas (half- and full-width) and the enumeration comma 、 (and line breaks, a
 * pasted column), each trimmed, empty
 * ones dropped; a word already listed, or given twice, is kept once. Latin letters compare without
 * case, as the room matches them (server/services/filter-words/matcher.ts).
 */
export const wordSeparators = /[;；,，、\r\n]/;

/** The letters the room folds to one case: A–Z and Latin-1's capitals (À–Þ but ×); one unit each, so positions keep. */
export function foldCase(text: string): string {
  return text.replace(/[A-Z\u00c0-\u00d6\u00d8-\u00de]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** `text` as words, in order, trimmed and without repeats. */
export function splitWords(text: string): string[] {
  return text
    .split(wordSeparators)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** `existing` followed by the words of `text` it lacks, each once. */
export function addWords(existing: readonly string[], text: string): string[] {
  const seen = new Set(existing.map(foldCase));
  const added: string[] = [];
  for (const word of splitWords(text)) {
    const key = foldCase(word);
    if (seen.has(key)) continue;
    seen.add(key);
    added.push(word);
  }
  return [...existing, ...added];
}
