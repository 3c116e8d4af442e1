import type { TextModel } from '../../catalog/text-model.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { modelBlendedPrice } from '../model-price.ts';
import { unknownModel } from '../unknown-model.ts';
import type { PipelineStage } from '../../plugins/pipeline-stage.ts';
import type { FusionPlugin, PluginEntry } from '../../schemas/plugins.ts';

import { FUSION_PRESETS } from '../../schemas/plugins.ts';

export type FusionPreset = (typeof FUSION_PRESETS)[number];

const DEFAULT_TOOLS = [{ type: 'gateway:web_search' }, { type: 'gateway:web_fetch' }];

function author(m: TextModel): string {
  return m.id.split('/')[0] ?? m.id;
}

function distinctAuthors(sorted: readonly TextModel[], n: number): TextModel[] {
  const out: TextModel[] = [];
  for (const m of sorted) if (out.length < n && !out.some((o) => author(o) === author(m))) out.push(m);
  return out;
}

/**
 * Presets are rules over the catalogue (so they work with any catalogue), three models of
 * distinct authors each: `general-high` the highest intelligence index; `general-budget` the
 * cheapest among those at or above the median intelligence; `general-fast` the highest throughput.
 */
export function fusionPresetPanel(preset: FusionPreset, models: readonly TextModel[]): TextModel[] {
  const iq = (m: TextModel) => m.benchmarks.intelligence_index ?? 0;
  const tps = (m: TextModel) => Math.max(...m.endpoints.map((e) => e.throughput.p50));
  if (preset === 'general-high')
    return distinctAuthors(
      [...models].sort((a, b) => iq(b) - iq(a) || a.id.localeCompare(b.id)),
      3,
    );
  if (preset === 'general-fast')
    return distinctAuthors(
      [...models].sort((a, b) => tps(b) - tps(a) || a.id.localeCompare(b.id)),
      3,
    );
  const sorted = models.map(iq).sort((a, b) => a - b);
  const median = sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : 0;
  return distinctAuthors(
    models.filter((m) => iq(m) >= median).sort((a, b) => modelBlendedPrice(a) - modelBlendedPrice(b) || a.id.localeCompare(b.id)),
    3,
  );
}

const FINDINGS = [
  'the key facts are consistent across sources',
  'the question has a short, direct answer',
  'two readings are possible and the first is more likely',
  'the answer depends on one assumption worth stating',
  'recent sources agree with the established view',
  'a step-by-step approach gives the most reliable result',
];

export interface FusionPlan {
  judge: TextModel;
  panel: Array<{ model: string; text: string }>;
  stage: PipelineStage;
}

/**
 * fusion (spec 2.5): a panel of `analysis_models` (1..8; default the `general-high` preset)
 * answers the prompt, the judge `model` (default the first panelist) synthesises. `preset`
 * expands to a panel and judge; explicit `analysis_models` / `model` win. Panel answers are
 * deterministic functions of (seed, model, prompt); each panelist's tool-call count is at most
 * `max_tool_calls` (1..16, default 8) and 0 when `tools` is empty (default web search + fetch).
 *
 * @example
 * fusion({ id: 'fusion', index: 0, config: { id: 'fusion', preset: 'general-fast' } }, catalog.models, 'Why is the sky blue?', 0);
 */
export function fusion(entry: PluginEntry<FusionPlugin>, models: readonly TextModel[], prompt: string, seed: number): FusionPlan | GatewayError {
  // Shapes and bounds (analysis_models 1..8, max_tool_calls 1..16, tools) are the schema's
  // (src/schemas/plugins.ts); what is left is the one rule that needs the catalogue.
  const { preset, analysis_models: analysis, model: judgeId } = entry.config;
  const maxToolCalls = entry.config.max_tool_calls ?? 8;
  const tools = entry.config.tools ?? DEFAULT_TOOLS;
  const at = (name: string) => `plugins[${entry.index}].${name}`;
  const unknown = unknownModel(
    [...(analysis ?? []).map((id, i) => ({ id, where: at(`analysis_models[${i}]`) })), ...(judgeId !== undefined ? [{ id: judgeId, where: at('model') }] : [])],
    models,
  );
  if (unknown) return unknown;
  const byId = (id: string) => models.find((x) => x.id === id) as TextModel;
  const panel = analysis ? analysis.map(byId) : fusionPresetPanel(preset ?? 'general-high', models);
  const judge = judgeId !== undefined ? byId(judgeId) : panel[0];
  if (!judge) return new GatewayError(404, 'fusion: the catalogue has no model for the panel');
  const snippet = prompt.length > 60 ? `${prompt.slice(0, 57)}...` : prompt;
  const answers = panel.map((m) => {
    const rng = seededRandom(seed, 'fusion', m.id, prompt);
    const toolCalls = tools.length > 0 ? rng.int(0, Math.min(maxToolCalls, 3)) : 0;
    return { model: m.id, text: `${m.name}: on "${snippet}", ${rng.pick(FINDINGS)}.`, tool_calls: toolCalls };
  });
  return {
    judge,
    panel: answers.map(({ model, text }) => ({ model, text })),
    stage: {
      type: 'plugin',
      name: 'fusion',
      summary: `${panel.length} panelists, judged by ${judge.id}`,
      data: {
        ...(preset ? { preset } : analysis ? {} : { preset: 'general-high' }),
        analysis_models: panel.map((m) => m.id),
        model: judge.id,
        max_tool_calls: maxToolCalls,
        tools: tools.map((t) => t.type),
        panel: answers.map(({ model, tool_calls }) => ({ model, tool_calls })),
      },
    },
  };
}
