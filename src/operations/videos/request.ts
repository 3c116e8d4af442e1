import { GatewayError } from '../../errors/gateway-error.ts';

/**
 * `?index=` of the content operation: absent or null means 0 (reference listVideosContent:
 * integer >= 0, default 0). The body of POST /videos is validated by the job store
 * (videos/prepare-video-job.ts), which also checks it against the chosen model.
 *
 * @example
 * contentIndex(new URL('http://x/videos/j/content?index=0')); // 0
 */
export function contentIndex(url: URL): number {
  const raw = url.searchParams.get('index');
  if (raw === null || raw === '' || raw === 'null') return 0;
  if (!/^\d+$/.test(raw)) throw new GatewayError(400, `index: must be a whole number >= 0 (got "${raw.slice(0, 40)}")`);
  return Number(raw);
}
