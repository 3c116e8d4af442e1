import { describe, expect, it } from 'vitest';
import { moderate } from './moderation.ts';

describe('moderation', () => {
  it('flags the documented marker with its reason, the pattern and at most 100 characters of input', () => {
    const long = `${'a'.repeat(150)} [[flag:self-harm]]`;
    const r = moderate(['fine', long, 'also [[FLAG]]']);
    expect(r.flagged?.reasons).toEqual(['self-harm', 'harassment']);
    expect(r.flagged?.patterns).toEqual(['[[flag:self-harm]]', '[[FLAG]]']);
    expect(r.flagged?.flagged_input).toHaveLength(100);
    expect(r.stage).toMatchObject({
      type: 'guardrail',
      name: 'moderation',
      guardrail_id: 'moderation',
      guardrail_scope: 'request',
      data: { action: 'blocked', detected: true, engines: ['gatewaykit-moderation'] },
    });
  });
  it('passes ordinary text and still reports a guardrail stage', () => {
    const r = moderate(['kill the process [flag] [[flagged]]']);
    expect(r.flagged).toBeUndefined();
    expect(r.stage.data).toEqual({ action: 'allowed', detected: false, engines: ['gatewaykit-moderation'], patterns: [] });
  });
});
