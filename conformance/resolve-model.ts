/** Preferred when the target lists it: cheap and widely served. */
export const PREFERRED_MODEL = 'openai/gpt-4o-mini';

interface ListedModel {
  id?: unknown;
  pricing?: { prompt?: unknown; completion?: unknown };
  architecture?: { output_modalities?: unknown };
  reasoning?: unknown;
  supported_parameters?: unknown;
}

const price = (m: ListedModel) => {
  const p = Number(m.pricing?.prompt) + Number(m.pricing?.completion);
  return Number.isFinite(p) ? p : Infinity;
};

const outputs = (m: ListedModel, modality: string) => {
  const out = m.architecture?.output_modalities;
  return !Array.isArray(out) || out.includes(modality);
};

/**
 * The model generations use when `--model` is not given: the preferred one when listed, else the
 * cheapest text model of `GET /models` (prompt + completion price). Pure.
 *
 * @example
 * pickModel([{ id: 'a/x', pricing: { prompt: '0.1', completion: '0.1' } }]); // 'a/x'
 */
export function pickModel(models: readonly unknown[]): string | undefined {
  const text = (models as ListedModel[]).filter((m) => typeof m?.id === 'string' && outputs(m, 'text'));
  if (text.some((m) => m.id === PREFERRED_MODEL)) return PREFERRED_MODEL;
  const cheapest = [...text].sort((a, b) => price(a) - price(b))[0];
  return cheapest ? String(cheapest.id) : undefined;
}

/**
 * The cheapest listed model that reasons (it has a `reasoning` description or lists the
 * `reasoning` parameter), for the "reasoning" answer shape. Pure.
 *
 * @example
 * pickReasoningModel([{ id: 'a/r', reasoning: {} }]); // 'a/r'
 */
export function pickReasoningModel(models: readonly unknown[]): string | undefined {
  const reasoning = (models as ListedModel[]).filter(
    (m) =>
      typeof m?.id === 'string' &&
      outputs(m, 'text') &&
      ((typeof m.reasoning === 'object' && m.reasoning !== null) || (Array.isArray(m.supported_parameters) && m.supported_parameters.includes('reasoning'))),
  );
  const cheapest = [...reasoning].sort((a, b) => price(a) - price(b))[0];
  return cheapest ? String(cheapest.id) : undefined;
}

/**
 * A video model slug from a `GET /videos/models` or `GET /models` list (the first video model). Pure.
 *
 * @example
 * pickVideoModel([{ id: 'openai/sora-2' }], true); // 'openai/sora-2'
 */
export function pickVideoModel(models: readonly unknown[], videoList: boolean): string | undefined {
  const video = (models as ListedModel[]).find((m) => {
    const out = m?.architecture?.output_modalities;
    return typeof m?.id === 'string' && (videoList || (Array.isArray(out) && out.includes('video')));
  });
  return video ? String(video.id) : undefined;
}
