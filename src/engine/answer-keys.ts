import type { RequestContext } from '../http/route.ts';
import type { ScriptEntry } from '../scripts/script-registry.ts';

/** Bodies longer than this are never remembered (their keys would hold them). */
export const ANSWER_BODY_LIMIT = 16 * 1024;

// windows-1252 as WHATWG decodes it maps every byte to its own character: one key per byte sequence.
const bytesAsKey = new TextDecoder('latin1');

/**
 * The answer memo's keys: a request's surface, metadata switch, key, the scripts in play and the
 * clock's second, then its body as read. Undefined (not remembered) when the body is long. Whether
 * the request may be remembered at all is not asked here (reuse-circumstances.ts).
 *
 * @example
 * const keyOf = answerKeys();
 * keyOf(ctx, 'responses', await ctx.bytes(), scripts.list()); // 'responses\u00000\u0000sk-gw-test\u0000\u0000...'
 */
export function answerKeys(): (ctx: RequestContext, surface: string, bytes: Uint8Array, scripts: readonly ScriptEntry[]) => string {
  // Each rule object a number of its own: the key names the rules in play, so adding or removing one changes it.
  const ruleNumbers = new WeakMap<object, number>();
  let rulesSeen = 0;
  /** The scripts in play as part of the key: which rule answers a request then follows from its body alone. */
  function scriptsKey(scripts: readonly ScriptEntry[]): string {
    if (scripts.length === 0) return '';
    let key = '';
    for (const { rule } of scripts) {
      let n = ruleNumbers.get(rule);
      if (n === undefined) ruleNumbers.set(rule, (n = ++rulesSeen));
      key += `${n},`;
    }
    return key;
  }

  // The key's start is the same for most requests in a row: made again only when a part changes.
  let prefixParts: readonly [string, boolean, string, string, number] | undefined;
  let prefix = '';
  // The last key made, and the start and body it was made of: the same request again (a client
  // repeating itself) gets the very string back, whose hash V8 keeps and the memo's map finds at
  // once, instead of an equal one to join, hash and compare there.
  let lastKey = { prefix: '', body: '', key: '' };

  /** The request's key (its body as read). */
  return function keyOf(ctx, surface, bytes, scripts) {
    const rules = scriptsKey(scripts);
    const apiKey = (ctx.apiKey as NonNullable<RequestContext['apiKey']>).key;
    const second = Math.floor(ctx.receivedAt / 1000);
    const p = prefixParts;
    if (!p || p[0] !== surface || p[1] !== ctx.metadataEnabled || p[2] !== apiKey || p[3] !== rules || p[4] !== second) {
      prefixParts = [surface, ctx.metadataEnabled, apiKey, rules, second];
      prefix = `${surface}\u0000${ctx.metadataEnabled ? 1 : 0}\u0000${apiKey}\u0000${rules}\u0000${second}\u0000`;
    }
    const body = bytesAsKey.decode(bytes);
    if (lastKey.prefix === prefix && lastKey.body === body) return lastKey.key;
    const key = prefix + body;
    lastKey = { prefix, body, key };
    return key;
  };
}
