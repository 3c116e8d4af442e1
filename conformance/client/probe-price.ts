import { worstUsageCost } from '../../src/generation/usage-cost.ts';
import type { Probe } from './probe.ts';

/** What the target lists of one model's prices (reference `PublicPricing`, `pricing_skus` of a video model) and output bound. */
export interface ListedPrice {
  readonly pricing: Readonly<Record<string, string>>;
  /** `top_provider.max_completion_tokens`, else `context_length`: the most output an answer without a cap may bill. */
  readonly maxOutputTokens?: number;
  /** A video model's longest duration (seconds) and its dearest per-second SKU. */
  readonly perSecond?: number;
  readonly maxSeconds?: number;
}

/** Model id -> its listed price, learned from the target's model listings as the run reads them. */
export type PriceTable = Map<string, ListedPrice>;

/** An output bound for a model whose listing gives none. */
export const UNLISTED_MAX_OUTPUT_TOKENS = 32_768;
/** A video job whose model lists no duration is priced at this many seconds (above the longest the reference's models offer). */
const UNLISTED_VIDEO_SECONDS = 20;
/** Operations that bill input only (no output tokens): spec 4.4 and the reference's embeddings and rerank. */
const INPUT_ONLY = /^\/(embeddings|rerank)\/?$/;

function numeric(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function strings(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (numeric(v) !== undefined) out[k] = String(v);
  return out;
}

/**
 * Learn the prices of a model listing (`GET /models`, `/videos/models`, `/embeddings/models`, ...):
 * every entry with an `id` and `pricing` or `pricing_skus`.
 *
 * @example
 * const table: PriceTable = new Map();
 * learnPrices(table, [{ id: 'a/b', pricing: { prompt: '0.000001', completion: '0.000002' }, context_length: 1000 }]);
 * table.get('a/b')?.maxOutputTokens; // 1000
 */
export function learnPrices(table: PriceTable, listing: readonly unknown[]): void {
  for (const entry of listing) {
    if (!entry || typeof entry !== 'object') continue;
    const m = entry as Record<string, unknown>;
    if (typeof m.id !== 'string') continue;
    const top = (m.top_provider ?? {}) as Record<string, unknown>;
    const maxOutputTokens = numeric(top.max_completion_tokens) ?? numeric(m.context_length);
    const skus = Object.values(strings(m.pricing_skus)).map(Number);
    const durations = Array.isArray(m.supported_durations) ? m.supported_durations.map(numeric).filter((d) => d !== undefined) : [];
    table.set(m.id, {
      pricing: strings(m.pricing),
      ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
      ...(skus.length > 0 ? { perSecond: skus.reduce((a, b) => a + b, 0) } : {}),
      ...(durations.length > 0 ? { maxSeconds: Math.max(...durations) } : {}),
    });
  }
}

/** The output cap a body states (Responses, chat, Messages names), if any. */
function statedOutputCap(body: Record<string, unknown>): number | undefined {
  for (const name of ['max_output_tokens', 'max_completion_tokens', 'max_tokens']) {
    const n = numeric(body[name]);
    if (n !== undefined) return Math.floor(n);
  }
  return undefined;
}

/** The bytes a probe sends: an upper bound on its input tokens (a token is at least one byte). */
function bodyBytes(probe: Probe): number {
  if (probe.bodyBase64 !== undefined) return Math.ceil((probe.bodyBase64.length * 3) / 4);
  if (probe.rawBody !== undefined) return Buffer.byteLength(probe.rawBody);
  return probe.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(probe.body));
}

/**
 * The most one paid probe can cost, in USD, before it is sent (spec 4.1, 4.2, 4.4: the credit
 * hold's worst case seen from the client): every byte of its body an input token, every output
 * token its cap allows (the model's own bound when the body sets none), each at the listed price
 * of the model it names (the run's model when it names none or one no listing prices); a video job
 * at its per-second SKUs for its duration (the model's longest when unset). An answer a target
 * refuses costs nothing, but the suite cannot know that before it sends, so every paid probe is
 * priced. Undefined when the target lists no price for either model (a mock that lists bare ids):
 * the request budget alone bounds such a probe, and the report counts it as unpriced.
 *
 * @example
 * const table: PriceTable = new Map([['m', { pricing: { prompt: '0.000001', completion: '0.000002' } }]]);
 * probePrice({ method: 'POST', path: '/responses', body: { model: 'm', input: 'hi', max_output_tokens: 16 } }, table, 'm');
 * // 0.000001 * 44 bytes + 0.000002 * 16
 */
export function probePrice(probe: Probe, table: ReadonlyMap<string, ListedPrice>, runModel: string | undefined): number | undefined {
  const body = probe.body && typeof probe.body === 'object' && !Array.isArray(probe.body) ? (probe.body as Record<string, unknown>) : {};
  const named = typeof body.model === 'string' ? table.get(body.model) : undefined;
  // A model no listing names is priced as the run's: a conforming gateway refuses an unknown model
  // at no charge, and what the suite names otherwise (a preset it made, the speech model of the
  // reference's example) serves with the run's model or is listed by no listing the reference has.
  const listed = named ?? (runModel === undefined ? undefined : table.get(runModel));
  const path = probe.path.split('?')[0]!;
  if (/^\/videos\/?$/.test(path)) {
    if (listed?.perSecond === undefined) return undefined;
    return listed.perSecond * (numeric(body.duration) ?? listed.maxSeconds ?? UNLISTED_VIDEO_SECONDS);
  }
  if (!listed || Object.keys(listed.pricing).length === 0) return undefined;
  const pricing = listed.pricing;
  const output = INPUT_ONLY.test(path) ? 0 : (statedOutputCap(body) ?? listed.maxOutputTokens ?? UNLISTED_MAX_OUTPUT_TOKENS);
  const images = numeric(pricing.image) ?? 0;
  return (
    worstUsageCost(bodyBytes(probe), output, { prompt: '0', completion: '0', ...pricing }, false) +
    (/^\/images\/?$/.test(path) ? images * (numeric(body.n) ?? 1) : 0)
  );
}
