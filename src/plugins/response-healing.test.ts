import { describe, expect, it } from 'vitest';
import { responseHealing } from './response-healing.ts';

describe('response-healing', () => {
  it('transforms output only when text.format asks for JSON', () => {
    const on = responseHealing({ text: { format: { type: 'json_schema' } } } as never);
    expect(on.transformOutputText?.('{"ok": true,')).toBe('{"ok":true}');
    expect(on.transformOutputText?.('not json at all')).toBe('not json at all');
    expect(on.stage).toMatchObject({ type: 'response_healing', name: 'response-healing', data: { applied: true } });
    const off = responseHealing({ input: 'x' });
    expect(off.transformOutputText).toBeUndefined();
    expect(off.stage.data).toEqual({ applied: false });
  });
});
