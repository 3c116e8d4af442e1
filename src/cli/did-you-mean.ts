import { editDistance as distance } from '../catalog/closest-ids.ts';

/**
 * The candidate closest to `input` when it is close enough to be a typo (at most 2 edits, and
 * fewer than half the input's length), else undefined.
 *
 * @example
 * didYouMean('serv', ['serve', 'conform']); // 'serve'
 * didYouMean('--prot', ['--port', '--host']); // '--port'
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(input.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= 2 && bestDistance < Math.max(2, input.length / 2) ? best : undefined;
}

/**
 * A parseArgs error as a short line, with a suggestion for an unknown option.
 *
 * @example
 * optionError(new Error("Unknown option '--prot'"), ['port', 'host']); // "unknown option --prot (did you mean --port?)"
 * optionError(new Error("Option '--port <value>' argument missing"), ['port']); // "--port needs a value"
 */
export function optionError(error: Error, options: readonly string[]): string {
  // `--port` with nothing after it, or followed by another option: name the option, not node's parser.
  const missing = /Option '(-{1,2}[^' ]+)[^']*' argument (missing|is ambiguous)/.exec(error.message);
  if (missing)
    return `${missing[1]} needs a value${missing[2] === 'is ambiguous' ? ' (the next argument is another option; to pass a value starting with "-", write ' + missing[1] + '=VALUE)' : ''}`;
  const positional = /Unexpected argument '([^']*)'/.exec(error.message);
  if (positional) return `unexpected argument "${positional[1]}" (every value follows its option, e.g. --port 8080)`;
  const unknown = /Unknown option '(-{1,2}[^']+)'/.exec(error.message);
  if (!unknown) return error.message.replace(/\. To specify a positional argument.*$/s, '');
  const flag = unknown[1]!;
  const suggestion = didYouMean(
    flag.replace(/=.*$/, ''),
    options.map((o) => `--${o}`),
  );
  return `unknown option ${flag}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`;
}
