import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.ts';
import { MAX_SCOPE_ID_LENGTH, parseScopeId } from './scope-id.ts';

describe('parseScopeId', () => {
  it('accepts ids made of a test file and name', () => {
    for (const id of ['a', 'checkout.test.ts/pays-once', 'w1:t_42@x+y=z~v', '0'.repeat(MAX_SCOPE_ID_LENGTH)]) expect(parseScopeId(id)).toBe(id);
  });

  it.each([
    ['', 'empty'],
    ['x'.repeat(MAX_SCOPE_ID_LENGTH + 1), 'at most 128'],
    ['a b', 'character outside'],
    ['-leading', 'character outside'],
    ['a"b', 'character outside'],
    ['tab\there', 'character outside'],
    ['é', 'character outside'],
  ])('refuses %j with a 400 that says why', (value, says) => {
    const result = parseScopeId(value);
    expect(result).toBeInstanceOf(GatewayError);
    expect((result as GatewayError).status).toBe(400);
    expect((result as GatewayError).message).toContain(says);
  });
});
