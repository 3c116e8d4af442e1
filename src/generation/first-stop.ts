/** Where a reply ends: the stop sequence found and where it starts in the text. */
export interface StopHit {
  /** UTF-16 offset of the sequence's first character: the reply keeps `text.slice(0, at)`. */
  readonly at: number;
  readonly stop: string;
}

/** One state of the automaton: its moves by UTF-16 code unit, its failure link, the longest sequence ending here. */
interface State {
  readonly next: Map<number, number>;
  fail: number;
  /** Length of the longest stop sequence that ends at this state (itself or through failure links), 0 for none. */
  out: number;
  /** That sequence. */
  word: string;
}

function newState(): State {
  return { next: new Map(), fail: 0, out: 0, word: '' };
}

/** The trie of the sequences with Aho-Corasick failure links (breadth first). */
function buildAutomaton(stops: readonly string[]): State[] {
  const states: State[] = [newState()];
  for (const stop of stops) {
    if (stop === '') continue;
    let s = 0;
    for (let i = 0; i < stop.length; i++) {
      const c = stop.charCodeAt(i);
      let to = states[s]!.next.get(c);
      if (to === undefined) {
        to = states.push(newState()) - 1;
        states[s]!.next.set(c, to);
      }
      s = to;
    }
    const end = states[s]!;
    if (stop.length > end.out) {
      end.out = stop.length;
      end.word = stop;
    }
  }
  const queue: number[] = [...states[0]!.next.values()];
  for (let head = 0; head < queue.length; head++) {
    const s = states[queue[head]!]!;
    // A state's own sequence is the longest ending here; a shorter one through the failure link only when it has none.
    const failed = states[s.fail]!;
    if (s.out === 0 && failed.out > 0) {
      s.out = failed.out;
      s.word = failed.word;
    }
    for (const [c, to] of s.next) {
      let f = s.fail;
      while (f !== 0 && !states[f]!.next.has(c)) f = states[f]!.fail;
      const target = states[f]!.next.get(c);
      states[to]!.fail = target !== undefined && target !== to ? target : 0;
      queue.push(to);
    }
  }
  return states;
}

/**
 * The stop sequence a model meets first as it writes `text`: the one whose last character comes
 * earliest, and of those ending at the same place the longest (the one starting earliest). One
 * pass over the text whatever the number of sequences (Aho-Corasick over UTF-16 code units, so
 * `"\n"` is found inside `"\r\n"`); the automaton costs the sequences' total length to build.
 *
 * @example
 * firstStop('One. Two. Three.', ['Three', 'Two']); // { at: 5, stop: 'Two' }
 */
export function firstStop(text: string, stops: readonly string[]): StopHit | undefined {
  if (stops.length === 0 || text === '') return undefined;
  const states = buildAutomaton(stops);
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let state = states[s]!;
    let to = state.next.get(c);
    while (to === undefined && s !== 0) {
      s = state.fail;
      state = states[s]!;
      to = state.next.get(c);
    }
    s = to ?? 0;
    const here = states[s]!;
    if (here.out > 0) return { at: i + 1 - here.out, stop: here.word };
  }
  return undefined;
}
