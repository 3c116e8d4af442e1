/**
 * Edit distance (insertions, deletions, substitutions) between two strings, for "did you mean".
 * With `max`, any distance above it is given as `max + 1` as soon as it is certain: a search for a
 * typo only needs to know which ids are a few edits away, not how far the others are.
 *
 * @example
 * editDistance('serv', 'serve'); // 1
 * editDistance('gpt-4o', 'claude-sonnet-4', 2); // 3 (more than 2)
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Two rows of the table, swapped after each row: a search compares one id with the whole catalogue.
  let prev: number[] = [];
  let row: number[] = [];
  for (let j = 0; j <= b.length; j++) {
    prev.push(j);
    row.push(0);
  }
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = d;
      if (d < least) least = d;
    }
    // A row's least value never falls in the rows below it.
    if (least > max) return max + 1;
    const done = prev;
    prev = row;
    row = done;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/**
 * The catalogue ids closest to an id that is not one of them, best first, at most `limit`: an id
 * whose slug is `wanted` (the vendor left out: `gpt-4o-mini` -> `openai/gpt-4o-mini`), then ids
 * within a few edits of `wanted` or whose slug is (typos). Empty when nothing is close.
 *
 * @example
 * closestIds('gpt-4o-mini', ['openai/gpt-4o-mini', 'openai/gpt-4o']); // ['openai/gpt-4o-mini', 'openai/gpt-4o']
 * closestIds('nobody/nothing', ['openai/gpt-4o']); // []
 */
export function closestIds(wanted: string, ids: readonly string[], limit = 3): string[] {
  const w = wanted.toLowerCase();
  const slugOf = (id: string) => id.slice(id.indexOf('/') + 1).toLowerCase();
  const wSlug = slugOf(w);
  // A typo is a few edits: at most 3, and fewer than a third of the id.
  const within = Math.min(3, Math.max(1, Math.floor(wSlug.length / 3)));
  const scored: Array<{ id: string; d: number }> = [];
  for (const id of ids) {
    const lower = id.toLowerCase();
    const d = Math.min(editDistance(w, lower, within), editDistance(wSlug, slugOf(lower), within));
    if (d <= within) scored.push({ id, d });
  }
  scored.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.id);
}
