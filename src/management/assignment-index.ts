/** Assignments of guardrails to targets (keys by hash, members by id), found both ways in O(1). */
export interface AssignmentIndex<R> {
  get(guardrailId: string, target: string): R | undefined;
  put(record: R): void;
  drop(record: R): void;
  /** One guardrail's assignments. */
  ofGuardrail(guardrailId: string): R[];
  /** The ids of the guardrails assigned to a target. */
  guardrailsOf(target: string): Iterable<string> | undefined;
  /** Every assignment, in creation order. */
  all(): R[];
  readonly size: number;
  clear(): void;
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/**
 * @example
 * const keys = createAssignmentIndex<KeyAssignmentRecord>((a) => a.key_hash);
 * keys.guardrailsOf(hash); // ids of the guardrails assigned to that key
 */
export function createAssignmentIndex<R extends { guardrail_id: string; seq: number }>(targetOf: (record: R) => string): AssignmentIndex<R> {
  // guardrail id -> target -> record, and target -> guardrail id -> record.
  const forward = new Map<string, Map<string, R>>();
  const reverse = new Map<string, Map<string, R>>();
  let size = 0;
  const add = (index: Map<string, Map<string, R>>, outer: string, inner: string, record: R) => {
    let m = index.get(outer);
    if (!m) index.set(outer, (m = new Map()));
    m.set(inner, record);
  };
  const remove = (index: Map<string, Map<string, R>>, outer: string, inner: string) => {
    const m = index.get(outer);
    if (!m) return;
    m.delete(inner);
    if (m.size === 0) index.delete(outer);
  };
  return {
    get: (guardrailId, target) => forward.get(guardrailId)?.get(target),
    put(record) {
      const target = targetOf(record);
      if (!forward.get(record.guardrail_id)?.has(target)) size++;
      add(forward, record.guardrail_id, target, record);
      add(reverse, target, record.guardrail_id, record);
    },
    drop(record) {
      const target = targetOf(record);
      if (forward.get(record.guardrail_id)?.has(target)) size--;
      remove(forward, record.guardrail_id, target);
      remove(reverse, target, record.guardrail_id);
    },
    ofGuardrail: (guardrailId) => [...(forward.get(guardrailId)?.values() ?? [])],
    guardrailsOf: (target) => reverse.get(target)?.keys(),
    all: () => [...forward.values()].flatMap((m) => [...m.values()]).sort(bySeq),
    get size() {
      return size;
    },
    clear() {
      forward.clear();
      reverse.clear();
      size = 0;
    },
  };
}
