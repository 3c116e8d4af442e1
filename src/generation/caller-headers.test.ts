import { describe, expect, it } from 'vitest';
import { callerHeaders } from './caller-headers.ts';

describe('callerHeaders', () => {
  it('takes HTTP-Referer over Referer, and null for a header not sent', () => {
    expect(callerHeaders(new Headers({ 'http-referer': 'https://app.example', referer: 'https://other.example', 'user-agent': 'ua/1' }))).toEqual({
      userAgent: 'ua/1',
      httpReferer: 'https://app.example',
      origin: null,
    });
    expect(callerHeaders(new Headers({ referer: 'https://other.example', origin: 'https://o.example' }))).toEqual({
      userAgent: null,
      httpReferer: 'https://other.example',
      origin: 'https://o.example',
    });
  });
});
