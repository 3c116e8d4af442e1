import { describe, expect, it } from 'vitest';
import type { GuardrailRecord } from './guardrail-record.ts';
import { redactBody } from './redact-body.ts';

const guardrail = (filters: GuardrailRecord['content_filters']) => ({ content_filters: filters }) as GuardrailRecord;

describe('redactBody', () => {
  it('replaces every match in every text with the upper-cased label, leaving model and models as sent', () => {
    const rails = [guardrail([{ pattern: '\\d{3}-\\d{4}', action: 'redact', label: 'phone' }])];
    const body = { model: 'a/555-1234', models: ['b/555-1234'], messages: [{ role: 'user', content: 'call 555-1234 or 555-9876' }] };
    expect(redactBody(rails, body)).toEqual({ model: 'a/555-1234', models: ['b/555-1234'], messages: [{ role: 'user', content: 'call [PHONE] or [PHONE]' }] });
    expect(body.messages[0]!.content).toBe('call 555-1234 or 555-9876');
  });

  it('is undefined when nothing matched, or when no filter redacts (block and flag filters are not its concern)', () => {
    expect(redactBody([guardrail([{ pattern: 'secret', action: 'redact' }])], { input: 'nothing here' })).toBeUndefined();
    expect(redactBody([guardrail([{ pattern: 'secret', action: 'flag' }])], { input: 'a secret' })).toBeUndefined();
    expect(redactBody([guardrail(null)], { input: 'a secret' })).toBeUndefined();
  });

  it('keeps a __proto__ member as data: nothing reaches a prototype', () => {
    const body = JSON.parse('{"input":"a secret","__proto__":{"polluted":"a secret"}}') as object;
    const out = redactBody([guardrail([{ pattern: 'secret', action: 'redact' }])], body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'a [REDACTED]' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
