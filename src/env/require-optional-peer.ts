/** Node's synchronous `require`, as the optional peers are loaded (they are CommonJS packages). */
export type RequireModule = (id: string) => unknown;

/** An optional peer: loaded, missing (with the message to show), or unloadable here (no `require`, as in a browser). */
export type OptionalPeer<T> = { ok: true; module: T } | { ok: false; missing: string } | { ok: false; missing?: undefined };

/**
 * Node's `require` relative to this package, or undefined where there is none (a browser bundle):
 * the optional peers are Node packages, loaded only when the feature that needs them is used.
 */
export function nodeRequire(): RequireModule | undefined {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const nodeModule = node?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
  return nodeModule ? nodeModule.createRequire(import.meta.url) : undefined;
}

/**
 * Load the optional peer dependency `name` with `load` (Node's `require`, {@link nodeRequire}). Parts only some users need (the ReDoS
 * checker of scripted regexes, the JUnit writer of the conformance suite) are optional peers, so
 * `npm install gatewaykit` stays small: when one is not installed, the feature that needs it says
 * so with the command that installs it, instead of a bare "Cannot find module". Any other failure
 * while loading it is a bug and is thrown.
 *
 * @example
 * const peer = requireOptionalPeer<typeof import('recheck')>('recheck', 'to check scripted regexes for catastrophic backtracking', nodeRequire());
 * if (!peer.ok && peer.missing) return peer.missing;
 */
export function requireOptionalPeer<T>(name: string, purpose: string, load: RequireModule | undefined): OptionalPeer<T> {
  if (!load) return { ok: false };
  try {
    return { ok: true, module: load(name) as T };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = String((error as { message?: unknown }).message ?? '');
    // MODULE_NOT_FOUND names the module that is missing: only a missing `name` itself is expected.
    if (code === 'MODULE_NOT_FOUND' && message.includes(`'${name}'`)) {
      return { ok: false, missing: `needs the optional package ${name} ${purpose}, which is not installed: run \`npm install ${name}\`` };
    }
    throw error;
  }
}
