import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { requireOptionalPeer, type RequireModule } from './require-optional-peer.ts';

const missing =
  (id: string): RequireModule =>
  (name) => {
    throw Object.assign(new Error(`Cannot find module '${id}'\nRequire stack:\n- ${name}`), { code: 'MODULE_NOT_FOUND' });
  };

describe('requireOptionalPeer', () => {
  // The lighter of the two optional peers: recheck's start is paid by the tests that check regexes.
  it('loads an installed peer', () => {
    const peer = requireOptionalPeer<{ newBuilder: unknown }>('junit-report-builder', 'to write a JUnit XML report', createRequire(import.meta.url));
    expect(peer.ok && typeof peer.module.newBuilder).toBe('function');
  });

  it('names a missing peer, what needs it and the command that installs it', () => {
    const peer = requireOptionalPeer('recheck', '(the ReDoS checker) to accept a regex', missing('recheck'));
    expect(peer).toEqual({
      ok: false,
      missing: 'needs the optional package recheck (the ReDoS checker) to accept a regex, which is not installed: run `npm install recheck`',
    });
  });

  it('throws when the peer is installed but something it needs is not (a broken install, not an optional part)', () => {
    expect(() => requireOptionalPeer('recheck', 'to check regexes', missing('recheck-jar'))).toThrow(/Cannot find module 'recheck-jar'/);
    expect(() =>
      requireOptionalPeer('recheck', 'to check regexes', () => {
        throw new SyntaxError('bad file');
      }),
    ).toThrow(SyntaxError);
  });

  it('says nothing where there is no require (a browser): the caller decides', () => {
    expect(requireOptionalPeer('recheck', 'to check regexes', undefined)).toEqual({ ok: false });
  });
});
