import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_MUTANTS } from './mutants/index.ts';
import { runConformance } from './run-conformance.ts';
import { startAimock, type AimockTarget } from './test-helpers/aimock-target.ts';

const SEED = 20261122;

/**
 * The chat, Messages and embeddings mutants also wrap a peer nobody here wrote: aimock keeps the
 * rules these checks judge (its verdict table says so), so each check must pass on aimock as it is
 * and fail once the mutant breaks its rule. This shows the mutants are caught for the rule they
 * break, not because of something else the base target does.
 */
// aimock's chat streams carry no usage chunk unasked and its Messages stream events lack required
// members, so chat.stream-grammar and messages.stream-grammar fail on it as it is: their mutants are
// shown on the simulator only (mutants.test.ts).
const ON_AIMOCK = ['chat-usage-total-off', 'chat-stream-drops-last-delta', 'embeddings-first-input-only', 'embeddings-dimensions-ignored'];

describe('surface mutants on aimock: each check passes on aimock and fails on the mutant', () => {
  let aimock: AimockTarget;
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    aimock = await startAimock();
  });
  afterAll(async () => {
    await aimock.stop();
    vi.restoreAllMocks();
  });

  const run = (checkId: string, fetch: typeof globalThis.fetch) =>
    runConformance({ baseUrl: aimock.baseUrl, apiKey: 'sk-aimock', fetch, only: [checkId], seed: SEED, runs: 4, preflight: false, simulator: false });

  it.each(ON_AIMOCK.map((id) => [id, ALL_MUTANTS.find((m) => m.id === id)!] as const))('%s', async (id, mutant) => {
    expect(mutant, id).toBeDefined();
    const base = await run(mutant.caughtBy, globalThis.fetch);
    expect(base.checks[0]?.status, `${mutant.caughtBy} on aimock as it is: ${base.checks[0]?.reason ?? ''}`).toBe('passed');
    const broken = await run(mutant.caughtBy, mutant.wrap(globalThis.fetch, { apiKey: 'sk-aimock' }));
    expect(broken.checks[0]?.status, `${id} (${mutant.breaks}) must be caught by ${mutant.caughtBy}`).toBe('failed');
    expect(broken.checks[0]?.counterexample).toBeDefined();
  });
});
