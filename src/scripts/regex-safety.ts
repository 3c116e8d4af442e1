import { nodeRequire, requireOptionalPeer, type OptionalPeer, type RequireModule } from '../env/require-optional-peer.ts';

type Recheck = typeof import('recheck');

/**
 * recheck, loaded on the first regex that needs checking: a large package (a native checker, a
 * JAR and its loader, some 58 MB) that most runs never need, so it is an optional peer and neither
 * `import('gatewaykit')` nor `serve` pays for it. Node loads it synchronously (rules are checked
 * while they are parsed). A browser has no `require`: there the check is skipped, since the
 * patterns come from the page's own code and match in its own tab.
 */
const packageRequire = nodeRequire();
let recheck: { load: RequireModule; module: Recheck } | undefined;
function loadRecheck(load: RequireModule | undefined): OptionalPeer<Recheck> {
  if (recheck && recheck.load === load) return { ok: true, module: recheck.module };
  const peer = requireOptionalPeer<Recheck>('recheck', '(the ReDoS checker) to accept a regex', load);
  if (peer.ok && load) recheck = { load, module: peer.module };
  return peer;
}

/** How long the ReDoS check may take for one pattern (ms); a pattern it cannot judge in time is refused. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Why a scripted-reply regex is refused, or undefined when it is safe. A pattern is matched
 * against request text of up to the body limit (10 MiB by default), so one whose matching time
 * can grow exponentially (`^(a+)+$`) or polynomially (`\d+\d+\d+$`) with the input would let one
 * request stall the server; recheck (automata-based ReDoS checker, docs/decisions/0013) finds
 * those when the script is loaded, with an attack string as evidence. Without recheck installed a
 * regex is refused, saying how to install it: an unchecked pattern could hang the server.
 *
 * @example
 * regexSafetyProblem('^(a+)+$', ''); // 'can take exponential time on inputs like "aaaa…" (ReDoS): ...'
 * regexSafetyProblem('weather|forecast', 'i'); // undefined
 */
export function regexSafetyProblem(source: string, flags = '', load = packageRequire): string | undefined {
  const loaded = loadRecheck(load);
  if (!loaded.ok) return loaded.missing === undefined ? undefined : `${loaded.missing}, or match a substring (a plain string) instead`;
  const checker = loaded.module;
  let result;
  try {
    result = checker.checkSync(source, flags, { timeout: CHECK_TIMEOUT_MS });
  } catch (error) {
    return `could not be checked for catastrophic backtracking (${(error as Error).message})`;
  }
  if (result.status === 'safe') return undefined;
  if (result.status === 'vulnerable') {
    const growth = result.complexity.type === 'exponential' ? 'exponential' : `polynomial (degree ${result.complexity.degree})`;
    const attack = result.attack.string.length > 40 ? `${result.attack.string.slice(0, 40)}…` : result.attack.string;
    return `can take ${growth} time in the length of the input (ReDoS; e.g. on ${JSON.stringify(attack)}): rewrite it without nested or overlapping repetition, or match a substring (a plain string) instead`;
  }
  return `could not be proven free of catastrophic backtracking within ${CHECK_TIMEOUT_MS} ms (${result.error.kind}): simplify it, or match a substring (a plain string) instead`;
}
