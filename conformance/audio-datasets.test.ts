import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { runConformance } from './run-conformance.ts';

describe('conformance: audio and datasets checks against the simulator', () => {
  it('every audio.* and datasets.* check passes on a correct gateway', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 11 });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      only: ['audio.', 'datasets.'],
      seed: 42,
      runs: 25,
    });
    const ours = report.checks.filter((c) => c.id.startsWith('audio.') || c.id.startsWith('datasets.'));
    expect(ours.map((c) => c.id).sort()).toEqual([
      // The kit's checks of POST /audio/speech share the group.
      'audio.speech.create.auth',
      'audio.speech.create.errors',
      'audio.speech.create.shape',
      'audio.transcriptions-auth',
      'audio.transcriptions-json',
      'audio.transcriptions-multipart',
      'audio.transcriptions-non-speech-model',
      'audio.transcriptions-validation',
      // The kit's checks of the datasets operations share the group too.
      'datasets.app-rankings.get.auth',
      'datasets.app-rankings.get.errors',
      'datasets.app-rankings.get.shape',
      'datasets.rankings-auth',
      'datasets.rankings-clamp',
      'datasets.rankings-shape',
      'datasets.rankings-validation',
      'datasets.session-cost.get.auth',
      'datasets.session-cost.get.errors',
      'datasets.session-cost.get.shape',
    ]);
    for (const c of ours) expect(c.status, `${c.id}: ${c.reason ?? ''}`).toBe('passed');
  });
});
