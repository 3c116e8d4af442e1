
type Recheck = typeof import('recheck');

/**
 * recheck, loaded on the first regex that needs checking: it is a large package (a native checker
 * and its loader) that most runs never need, so neither `import('gatewaykit')` nor `serve` pays for
 * it up front. Node loads it synchronously through `createRequire` (rules are checked while they
 * are parsed). A browser has no `createRequire`: there the check is skipped (undefined), since
 * the patterns come from the page's own code and match in its own tab.
 */
let recheck: Recheck | null | undefined;
function loadRecheck(): Recheck | undefined {
  if (recheck === undefined) {
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const nodeModule = node?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
    recheck = nodeModule ? (nodeModule.createRequire(import.meta.url)('recheck') as Recheck) : null;
  }
  return recheck ?? undefined;
}

/** How long the ReDoS check may take for one pattern (ms); a pattern it cannot judge in time is refused. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Why a scripted-reply regex is refused, or undefined when it is safe. A pattern is matched
 * against request text of up to the body limit (10 MiB by default), so one whose matching time
 * can grow exponentially (`^(a+)+$`) or polynomially (`\d+\d+\d+$`) with the input would let one
 * request stall the server; recheck (automata-based ReDoS checker, docs/decisions/0013) finds
 * those when the script is loaded, with an attack string as evidence.
 *
 * @example
 * regexSafetyProblem('^(a+)+$', ''); // 'can take exponential time on inputs like "aaaa…" (ReDoS): ...'
 * regexSafetyProblem('weather|forecast', 'i'); // undefined
 */
export function regexSafetyProblem(source: string, flags = ''): string | undefined {
  const checker = loadRecheck();
  if (!checker) return undefined;
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
