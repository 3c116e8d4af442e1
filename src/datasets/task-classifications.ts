import type { TextModel } from '../catalog/text-model.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { rankedModels } from './ranked-model.ts';
import { MACRO_CATEGORIES, TASK_TAGS } from './task-tags.ts';
import { formatUtcDay, utcDayOf } from './utc-day.ts';

/** Reference: "Currently only `7d` (trailing 7 days) is supported". */
export const CLASSIFICATION_WINDOWS = ['7d'] as const;
const WINDOW_DAYS = 7;
/** Models listed per classification. */
const TOP_MODELS = 5;

const share = (n: number) => Number(n.toFixed(4));
const macroOf = (tag: string) => tag.slice(0, tag.indexOf(':'));

function topModels(models: ReturnType<typeof rankedModels>, tag: string, seed: number, asOf: string) {
  const rng = seededRandom(seed, 'classifications', 'models', tag, asOf);
  // A model's requests in a tag follow its overall traffic, bent by a seeded affinity for the task.
  const weighted = models
    .map((m) => {
      const w = m.dailyTokens * rng.float() ** 2;
      return { id: m.permaslug, w, tokens: w * (0.6 + rng.float() * 0.8) };
    })
    .sort((a, b) => b.w - a.w || (a.id < b.id ? -1 : 1));
  const total = weighted.reduce((s, m) => s + m.w, 0) || 1;
  const tokens = weighted.reduce((s, m) => s + m.tokens, 0) || 1;
  return weighted.slice(0, TOP_MODELS).map((m) => ({ id: m.id, tag_usage_share: share(m.w / total), tag_token_share: share(m.tokens / tokens) }));
}

/**
 * GET /classifications/task (reference getTaskClassifications): the shares of classified requests
 * and tokens per task over the trailing 7 days ending yesterday (gateway clock), each with its top
 * catalogue models by the same traffic the rankings dataset uses. Shares sum to 1 over all
 * classifications, and to 1 within each macro-category. A pure function of (catalogue, seed, clock).
 *
 * @example
 * taskClassifications(catalog.models, 0, clock.now()).data.classifications[0].tag; // 'code:general_impl'
 */
export function taskClassifications(catalogModels: readonly TextModel[], seed: number, nowMs: number) {
  const asOf = formatUtcDay(utcDayOf(nowMs) - 1);
  const rng = seededRandom(seed, 'classifications', 'shares', asOf);
  const raw = TASK_TAGS.map((t) => {
    const usage = t.weight * (0.8 + rng.float() * 0.4);
    return { t, usage, tokens: usage * t.tokensPerRequest };
  });
  const usageTotal = raw.reduce((s, r) => s + r.usage, 0);
  const tokenTotal = raw.reduce((s, r) => s + r.tokens, 0);
  const macro = MACRO_CATEGORIES.map((m) => {
    const members = raw.filter((r) => macroOf(r.t.tag) === m.key);
    return { ...m, usage: members.reduce((s, r) => s + r.usage, 0), tokens: members.reduce((s, r) => s + r.tokens, 0) };
  });
  const models = rankedModels(catalogModels, seed).filter((m) => m.outputModalities.includes('text'));
  const classifications = raw
    .map((r) => {
      const m = macro.find((x) => x.key === macroOf(r.t.tag)) as (typeof macro)[number];
      return {
        tag: r.t.tag,
        display_name: r.t.displayName,
        macro_category: m.key,
        usage_share: share(r.usage / usageTotal),
        token_share: share(r.tokens / tokenTotal),
        category_usage_share: share(r.usage / m.usage),
        category_token_share: share(r.tokens / m.tokens),
        models: topModels(models, r.t.tag, seed, asOf),
      };
    })
    .sort((a, b) => b.usage_share - a.usage_share || (a.tag < b.tag ? -1 : 1));
  const macroCategories = macro.map((m) => ({
    key: m.key,
    label: m.label,
    usage_share: share(m.usage / usageTotal),
    token_share: share(m.tokens / tokenTotal),
  }));
  return { data: { window_days: WINDOW_DAYS, as_of: asOf, classifications, macro_categories: macroCategories } };
}
