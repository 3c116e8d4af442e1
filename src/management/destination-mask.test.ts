import { describe, expect, it } from 'vitest';
import { answeredConfig, keptConfig, maskSecret, mergedConfig, shownConfig } from './destination-mask.ts';

describe('destination secrets', () => {
  it('masks as the reference shows them: the ends of a long secret, the tail of a middling one, stars for a short one', () => {
    expect(maskSecret('sk-lf-0123456789abcdefAbCd')).toBe('sk-l...AbCd');
    expect(maskSecret('0123456789AbCd')).toBe('****...AbCd');
    expect(maskSecret('hunter2')).toBe('********');
  });

  it('shows secret fields and header values masked, URLs without their password, the rest as kept', () => {
    const config = {
      apiKey: 'phc_0123456789abcdefXYZW',
      endpoint: 'https://user:pa55word@us.i.posthog.com/x',
      headers: { Authorization: 'Bearer 0123456789abcdefWXYZ', 'X-Team': 'ab' },
    };
    expect(shownConfig(config)).toEqual({
      apiKey: 'phc_...XYZW',
      endpoint: 'https://user:****@us.i.posthog.com/x',
      headers: { Authorization: 'Bear...WXYZ', 'X-Team': '********' },
    });
  });

  it('an undelivered type keeps its secrets masked only, a delivered type in full (a delivery sends its headers)', () => {
    const langfuse = { secretKey: 'sk-lf-0123456789abcdefAbCd', publicKey: 'pk-lf-0123456789abcdefEfGh' };
    expect(keptConfig('langfuse', langfuse)).toEqual({ secretKey: 'sk-l...AbCd', publicKey: 'pk-l...EfGh' });
    expect(answeredConfig('langfuse', keptConfig('langfuse', langfuse))).toEqual({ secretKey: 'sk-l...AbCd', publicKey: 'pk-l...EfGh' });
    const hook = { url: 'https://hooks.test', headers: { Authorization: 'Bearer 0123456789abcdefWXYZ' } };
    expect(keptConfig('webhook', hook)).toEqual(hook);
    expect(answeredConfig('webhook', hook)).toEqual({ url: 'https://hooks.test', headers: { Authorization: 'Bear...WXYZ' } });
  });

  it('an update ignores a masked value sent back, takes a new one, merges headers by name, and masks only what it brought in', () => {
    const current = keptConfig('langfuse', {
      secretKey: 'sk-lf-0123456789abcdefAbCd',
      publicKey: 'pk-lf-0123456789abcdefEfGh',
      headers: { 'X-A': 'a-0123456789abcdef-AAAA' },
    });
    const shown = answeredConfig('langfuse', current);
    const merged = mergedConfig(current, shown, {
      secretKey: 'sk-l...AbCd',
      publicKey: 'pk-lf-NEW-0123456789abcd9999',
      headers: { 'X-A': shown.headers && (shown.headers as Record<string, string>)['X-A'], 'X-B': 'b-0123456789abcdef-BBBB' },
    });
    expect(keptConfig('langfuse', merged, current)).toEqual({
      secretKey: 'sk-l...AbCd',
      publicKey: 'pk-l...9999',
      headers: { 'X-A': current.headers && (current.headers as Record<string, string>)['X-A'], 'X-B': 'b-01...BBBB' },
    });
    const hook = { url: 'https://u:secret@hooks.test/in', headers: { Authorization: 'Bearer 0123456789abcdefWXYZ' } };
    const same = mergedConfig(hook, answeredConfig('webhook', hook), answeredConfig('webhook', hook));
    expect(same).toEqual(hook);
  });
});
