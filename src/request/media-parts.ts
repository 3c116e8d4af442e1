/** Input media kinds a model's catalogue `input_modalities` may list. */
export type InputMedia = 'image' | 'file' | 'audio';

const PART_MEDIA: Record<string, InputMedia> = { input_image: 'image', input_file: 'file', input_audio: 'audio' };

/** Tokens an image costs: `detail: "low"` 85, otherwise 765 (OpenAI's rule for a 1024x1024 image at high detail). */
export const IMAGE_TOKENS = { low: 85, high: 765 } as const;
/** Tokens a file by reference (`file_url`, `file_id`) costs; inline `file_data` costs one token per 4 decoded bytes. */
export const FILE_REFERENCE_TOKENS = 256;
/** Tokens an audio part costs per 4 bytes of decoded audio (~1 token per 32 ms of 16 kHz PCM-ish data, bounded below by 32). */
export const AUDIO_MIN_TOKENS = 32;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every media content part of the input (message content and tool-output content), in order. */
export function mediaParts(input: unknown): Array<{ media: InputMedia; part: Record<string, unknown> }> {
  const out: Array<{ media: InputMedia; part: Record<string, unknown> }> = [];
  const visit = (value: unknown) => {
    if (!isRecord(value)) return;
    const media = typeof value.type === 'string' ? PART_MEDIA[value.type] : undefined;
    if (media) out.push({ media, part: value });
    for (const key of ['content', 'output'] as const) if (Array.isArray(value[key])) for (const p of value[key] as unknown[]) visit(p);
  };
  if (Array.isArray(input)) for (const item of input) visit(item);
  return out;
}

/** The input media a request needs its model to read (spec 2.3 content parts). */
export function inputMedia(input: unknown): InputMedia[] {
  return [...new Set(mediaParts(input).map((p) => p.media))];
}

/** Decoded size of a base64 payload (a data URL's or a bare one), in bytes. */
function base64Bytes(data: string): number {
  const comma = data.startsWith('data:') ? data.indexOf(',') + 1 : 0;
  const body = data.length - comma;
  return Math.floor((body * 3) / 4);
}

/**
 * Input tokens of the media parts, by a documented rule (docs/responses.md "Usage"): an image 765
 * tokens, 85 with `detail: "low"`; a file 1 token per 4 decoded bytes of `file_data`, 256 by
 * reference; audio 1 token per 4 decoded bytes, at least 32.
 *
 * @example
 * mediaTokens([{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/a.png', detail: 'low' }] }]); // 85
 */
export function mediaTokens(input: unknown): number {
  let total = 0;
  for (const { media, part } of mediaParts(input)) {
    if (media === 'image') total += part.detail === 'low' ? IMAGE_TOKENS.low : IMAGE_TOKENS.high;
    else if (media === 'file') total += typeof part.file_data === 'string' ? Math.ceil(base64Bytes(part.file_data) / 4) : FILE_REFERENCE_TOKENS;
    else {
      const audio = isRecord(part.input_audio) && typeof part.input_audio.data === 'string' ? part.input_audio.data : '';
      total += Math.max(AUDIO_MIN_TOKENS, Math.ceil(base64Bytes(audio) / 4));
    }
  }
  return total;
}
