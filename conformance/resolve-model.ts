import type { GatewayClient } from './client/gateway-client.ts';
import { exchangeJson } from './client/exchange.ts';

/** Used when the target lists no models. */
export const FALLBACK_MODEL = 'openai/gpt-4o-mini';

interface ListedModel {
  id?: unknown;
  pricing?: { prompt?: unknown; completion?: unknown };
  architecture?: { output_modalities?: unknown };
}

/**
 * The model generations use when `--model` is not given: the cheapest text model the target's
 * `GET /models` lists (prompt + completion price), so a live run spends as little as possible.
 * One free request; falls back to {@link FALLBACK_MODEL}.
 */
export async function resolveModel(client: GatewayClient): Promise<string> {
  try {
    const exchange = await client.send({ method: 'GET', path: '/models' });
    const data = (exchangeJson(exchange) as { data?: ListedModel[] } | undefined)?.data;
    if (exchange.status !== 200 || !Array.isArray(data)) return FALLBACK_MODEL;
    const price = (m: ListedModel) => {
      const p = Number(m.pricing?.prompt) + Number(m.pricing?.completion);
      return Number.isFinite(p) ? p : Infinity;
    };
    const text = data.filter((m) => {
      const out = m.architecture?.output_modalities;
      return typeof m.id === 'string' && (!Array.isArray(out) || out.includes('text'));
    });
    if (text.length === 0) return FALLBACK_MODEL;
    if (text.some((m) => m.id === FALLBACK_MODEL)) return FALLBACK_MODEL;
    const cheapest = [...text].sort((a, b) => price(a) - price(b))[0];
    return String(cheapest?.id ?? FALLBACK_MODEL);
  } catch {
    return FALLBACK_MODEL;
  }
}

/** Used when the target lists no video models (the simulator catalogue's cheapest generation model). */
export const FALLBACK_VIDEO_MODEL = 'openai/sora-2';

/** A video model slug: from `GET /videos/models` (reference), else a video model of `GET /models`, else the fallback. */
export async function resolveVideoModel(client: GatewayClient): Promise<string> {
  for (const path of ['/videos/models', '/models']) {
    try {
      const exchange = await client.send({ method: 'GET', path });
      const data = (exchangeJson(exchange) as { data?: ListedModel[] } | undefined)?.data;
      if (exchange.status !== 200 || !Array.isArray(data)) continue;
      const video = data.find((m) => {
        const out = m.architecture?.output_modalities;
        return typeof m.id === 'string' && (path === '/videos/models' || (Array.isArray(out) && out.includes('video')));
      });
      if (video) return String(video.id);
    } catch {
      // try the next source
    }
  }
  return FALLBACK_VIDEO_MODEL;
}
