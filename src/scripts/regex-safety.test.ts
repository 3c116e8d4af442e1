import { describe, expect, it } from 'vitest';
import { regexSafetyProblem } from './regex-safety.ts';

const missing = (id: string) => {
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('regexSafetyProblem', () => {
  it('refuses a regex when the ReDoS checker (an optional package) is not installed, saying how to install it', () => {
    expect(regexSafetyProblem('weather|forecast', 'i', missing)).toBe(
      'needs the optional package recheck (the ReDoS checker) to accept a regex, which is not installed: run `npm install recheck`, or match a substring (a plain string) instead',
    );
  });

  it('with it installed, accepts a safe pattern and refuses a catastrophic one', () => {
    expect(regexSafetyProblem('weather|forecast', 'i')).toBeUndefined();
    expect(regexSafetyProblem('^(a+)+$')).toMatch(/exponential time/);
  });
});
