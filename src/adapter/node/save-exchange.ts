import type { Cassette } from '../../replay/cassette.ts';
import { cassetteOfExchange } from '../../replay/cassette-of-exchange.ts';
import type { RawExchange } from '../../replay/redact-exchange.ts';
import { writeNumberedCassette } from './write-cassette.ts';

/**
 * Redact one exchange and write it as the next numbered cassette in `out`.
 *
 * @example
 * const { file } = saveExchange('cassettes', 'https://gw.example/api/v1', raw, { first_byte_ms: 40, total_ms: 90 }, new Date().toISOString());
 */
export function saveExchange(
  out: string,
  upstream: string,
  raw: RawExchange,
  times: { first_byte_ms: number; total_ms: number },
  recordedAt: string,
): { file: string; cassette: Cassette } {
  const { slug, text, cassette } = cassetteOfExchange(upstream, raw, times, recordedAt);
  return { file: writeNumberedCassette(out, slug, text), cassette };
}
