import { foldCase } from "../../../resources/filter-words/word-tags";

/**
 * Finds the organisation's sensitive words in a chat message (issue 19 item 6): one Aho–Corasick
 * automaton over both lists, built once per version of the lists (org-words.ts), so a message costs
 * one pass over its characters whatever the number of words. Latin letters match without case.
 *
 * A black word's occurrence is excused when a white word occurs around it: starting at or before it
 * and ending at or after it ("上海市" excuses the "海市" inside it, not one elsewhere in the message).
 */
export interface WordMatcher {
  /** Whether `text` holds a black word no white word covers. */
  flags(text: string): boolean;
}

const BLACK = 1;
const WHITE = 2;

interface Node {
  next: Map<number, number>;
  fail: number;
  /** Lengths of the words ending here, by list (own and through the fail links, once built). */
  black: number[];
  white: number[];
}

const node = (): Node => ({ next: new Map(), fail: 0, black: [], white: [] });

export function buildMatcher(black: readonly string[], white: readonly string[]): WordMatcher {
  const nodes: Node[] = [node()];
  const add = (word: string, list: typeof BLACK | typeof WHITE) => {
    const folded = foldCase(word);
    if (!folded) return;
    let at = 0;
    for (let i = 0; i < folded.length; i++) {
      const c = folded.charCodeAt(i);
      let to = nodes[at].next.get(c);
      if (to === undefined) {
        to = nodes.push(node()) - 1;
        nodes[at].next.set(c, to);
      }
      at = to;
    }
    const lengths = list === BLACK ? nodes[at].black : nodes[at].white;
    if (!lengths.includes(folded.length)) lengths.push(folded.length);
  };
  for (const w of black) add(w, BLACK);
  if (!black.length) return { flags: () => false };
  for (const w of white) add(w, WHITE);

  // Breadth first: a node's fail link is the longest proper suffix in the trie; its outputs include its fail's.
  const queue: number[] = [];
  for (const to of nodes[0].next.values()) queue.push(to);
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    const here = nodes[at];
    for (const [c, to] of here.next) {
      let f = here.fail;
      while (f !== 0 && !nodes[f].next.has(c)) f = nodes[f].fail;
      const target = nodes[f].next.get(c);
      nodes[to].fail = target !== undefined && target !== to ? target : 0;
      const fail = nodes[nodes[to].fail];
      nodes[to].black.push(...fail.black);
      nodes[to].white.push(...fail.white);
      queue.push(to);
    }
  }

  return {
    flags(text: string): boolean {
      const folded = foldCase(text);
      // Occurrences as [start, end) pairs; a message is at most a few hundred characters.
      const blacks: number[] = [];
      const whites: number[] = [];
      let at = 0;
      for (let i = 0; i < folded.length; i++) {
        const c = folded.charCodeAt(i);
        while (at !== 0 && !nodes[at].next.has(c)) at = nodes[at].fail;
        at = nodes[at].next.get(c) ?? 0;
        const end = i + 1;
        for (const length of nodes[at].black) blacks.push(end - length, end);
        for (const length of nodes[at].white) whites.push(end - length, end);
      }
      for (let b = 0; b < blacks.length; b += 2) {
        let covered = false;
        for (let w = 0; w < whites.length && !covered; w += 2) covered = whites[w] <= blacks[b] && whites[w + 1] >= blacks[b + 1];
        if (!covered) return true;
      }
      return false;
    },
  };
}
