import { describe, expect, it } from 'vitest';
import { GatewayMetadataSchema } from './gateway-metadata.ts';

const guardrail = {
  type: 'guardrail',
  name: 'pii',
  guardrail_id: 'gr_1',
  guardrail_scope: 'workspace',
  summary: 'blocked',
  data: { action: 'block', detected: true, engines: ['regex'], patterns: ['email'] },
};

describe('GatewayMetadataSchema (spec 2.6)', () => {
  it('accepts the members seen in the spec, with a guardrail stage and other stages', () => {
    const meta = {
      attempt: 1,
      endpoints: { available: [{ model: 'a/x', provider: 'alpha', selected: true }], total: 1 },
      is_byok: false,
      pipeline: [guardrail, { type: 'plugin', name: 'web' }],
      region: 'sim-1',
      requested: 'a/x',
      strategy: 'direct',
      summary: 'ok',
      attempts: [{ model: 'a/x', provider: 'alpha', status: 200 }],
    };
    expect(GatewayMetadataSchema.safeParse(meta).success).toBe(true);
  });
  it('checks the guardrail stage shape', () => {
    const { data: _data, ...noData } = guardrail;
    expect(GatewayMetadataSchema.safeParse({ pipeline: [noData] }).success).toBe(false);
    expect(GatewayMetadataSchema.safeParse({ pipeline: [{ ...guardrail, data: { ...guardrail.data, detected: 'yes' } }] }).success).toBe(false);
  });
  it('checks endpoint entries', () => {
    expect(GatewayMetadataSchema.safeParse({ endpoints: { available: [{ model: 'a', provider: 'p' }], total: 1 } }).success).toBe(false);
  });
});
