import { describe, expect, it } from 'vitest';
import { MAX_SCOPE_ID_LENGTH, parseScopeId } from '../http/scope-id.ts';
import { testScopeId } from './test-scope-id.ts';

describe('testScopeId', () => {
  it('names the file and the test, then the unique task id', () => {
    expect(testScopeId({ id: '-1732_0_1', name: 'pays once', file: { name: 'test/checkout.test.ts' } })).toBe('checkout.test.ts/pays-once~1732_0_1');
  });

  it('is always an id the gateway accepts, however odd or long the name', () => {
    const names = ['', '   ', 'ünïcødé ✓ "quoted" <tags>', '-leading', 'x'.repeat(400), '../../etc/passwd', '\n\t'];
    for (const name of names) {
      const id = testScopeId({ id: 'abc_1', name, file: { name: '/a b/ç.test.ts' } });
      expect(parseScopeId(id), JSON.stringify(name)).toBe(id);
      expect(id.length).toBeLessThanOrEqual(MAX_SCOPE_ID_LENGTH);
      expect(id.endsWith('~abc_1')).toBe(true);
    }
  });

  it('differs for tests of the same name (the task id decides)', () => {
    const a = testScopeId({ id: 'f_0_1', name: 'same', file: { name: 'a.test.ts' } });
    const b = testScopeId({ id: 'f_0_2', name: 'same', file: { name: 'a.test.ts' } });
    expect(a).not.toBe(b);
  });
});
