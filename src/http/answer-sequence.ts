import { CHECK_HEADER } from '../state/journal.ts';

/** Checks the simulator keeps a count of its own for; past that, a new name draws from the shared count. */
export const MAX_CHECK_SEQUENCES = 4096;

/**
 * The request header numbering a request among those of its check, as the check sent them
 * (`gatewaykit conform` sets it beside the check header): the answer's ids then derive from that
 * number, whatever order requests sent side by side arrive in.
 */
export const SEQUENCE_HEADER = 'x-gatewaykit-sequence';

/** The per-check numbers start above every number the shared count reaches in practice (2^21 answers). */
const BLOCK = 2 ** 21;
/** Numbers a client may give (below); the simulator's own count of a check's requests starts above them. */
const NUMBERED = 2 ** 20;

/** FNV-1a of the name, 31 bits: which block of numbers a check's answers draw from. */
function blockOf(check: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < check.length; i++) {
    hash ^= check.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 1;
}

/**
 * The sequence number `count` of the conformance check `check`: a whole number of the check's own
 * block, never below {@link BLOCK}, always a safe integer.
 *
 * @example
 * checkSequence('result.shape', 0) === checkSequence('result.shape', 0); // true, whatever was sent in between
 */
export function checkSequence(check: string, count: number): number {
  // A name's block holds 2^21 numbers: the numbered requests, then the simulator's count.
  return BLOCK * (1 + blockOf(check)) + count;
}

export interface AnswerSequence {
  /** The sequence number of the next answer to a request with these headers. */
  next(headers: Pick<Headers, 'get'>): number;
  /** Back to the start (control reset). */
  reset(): void;
}

/**
 * The sequence number an answer's ids derive from (DESIGN determinism: ids come from the seed and
 * the answer's number). A request that names the conformance check sending it (the journal's
 * check header) draws from that check's numbers only, so checks sending side by side do not
 * change each other's ids or chunk offsets: by the number the request gives itself
 * ({@link SEQUENCE_HEADER}), else by the simulator's count of that check's requests. Every other
 * request counts in the shared count (0, 1, 2, ... since start or reset), as it always has.
 *
 * @example
 * const answers = createAnswerSequence();
 * answers.next(new Headers()); // 0
 * answers.next(new Headers({ 'x-gatewaykit-check': 'auth.missing-key', 'x-gatewaykit-sequence': '0' })); // checkSequence('auth.missing-key', 0)
 */
export function createAnswerSequence(): AnswerSequence {
  let shared = 0;
  const perCheck = new Map<string, number>();
  return {
    next(headers) {
      const check = headers.get(CHECK_HEADER);
      if (!check) return shared++;
      const numbered = headers.get(SEQUENCE_HEADER);
      if (numbered !== null && /^\d{1,7}$/.test(numbered) && Number(numbered) < NUMBERED) return checkSequence(check, Number(numbered));
      const count = perCheck.get(check);
      if (count === undefined && perCheck.size >= MAX_CHECK_SEQUENCES) return shared++;
      perCheck.set(check, (count ?? 0) + 1);
      return checkSequence(check, NUMBERED + (count ?? 0));
    },
    reset() {
      shared = 0;
      perCheck.clear();
    },
  };
}
