import type { EmbeddingModel } from '../catalog/embedding-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { Tokenizer } from '../generation/tokenizer.ts';
import { SLICE_CHARS } from '../generation/tokenizer.ts';
import type { EmbeddingsRequest } from '../schemas/embeddings-request.ts';
import { partFeatures, textFeatures, tokenFeatures, type Feature } from './embedding-features.ts';

/** One item to embed: what it is made of, and how many tokens it bills. */
export interface EmbeddingInput {
  readonly features: () => Feature[];
  readonly tokens: number;
}

/** The modality each non-text content part needs the model to read (catalogue `input_modalities`). */
const PART_MODALITY: Record<string, string> = {
  image_url: 'image',
  input_audio: 'audio',
  input_video: 'video',
  video_url: 'video',
  input_file: 'file',
  file: 'file',
};

/** Tokens a media part bills (the reference's example count of image tokens). */
const MEDIA_PART_TOKENS = 258;

/** Tokens of a text; a long one is counted a slice at a time, letting other requests run. */
function countText(text: string, tokenizer: Tokenizer): number | Promise<number> {
  return text.length > SLICE_CHARS ? tokenizer.countInSlices(text) : tokenizer.count(text);
}

/**
 * The items of a validated `input`, in order (one for a lone string or token array, one per
 * element otherwise), each with its token count. Features are computed on demand, after routing
 * has accepted the sizes. A media part the model cannot read is a 400 naming it.
 *
 * @example
 * const items = await embeddingInputs(request, model, tokenizer); // items.length === request.input.length for arrays
 */
export async function embeddingInputs(request: EmbeddingsRequest, model: EmbeddingModel, tokenizer: Tokenizer): Promise<EmbeddingInput[]> {
  const input = request.input;
  if (typeof input === 'string') return [{ features: () => textFeatures(input), tokens: await countText(input, tokenizer) }];
  if (typeof input[0] === 'number') {
    const tokens = input as number[];
    return [{ features: () => tokenFeatures(tokens), tokens: tokens.length }];
  }
  const out: EmbeddingInput[] = [];
  for (let i = 0; i < input.length; i++) {
    const item = input[i];
    if (typeof item === 'string') out.push({ features: () => textFeatures(item), tokens: await countText(item, tokenizer) });
    else if (Array.isArray(item)) out.push({ features: () => tokenFeatures(item), tokens: item.length });
    else if (item && typeof item === 'object') {
      let tokens = 0;
      for (let j = 0; j < item.content.length; j++) {
        const part = item.content[j]!;
        if (part.type === 'text' && 'text' in part) {
          tokens += await countText(part.text as string, tokenizer);
          continue;
        }
        const modality = PART_MODALITY[part.type] ?? part.type;
        if (!model.input_modalities.includes(modality)) {
          throw new GatewayError(400, `input[${i}].content[${j}]: ${model.id} embeds ${model.input_modalities.join(', ')} only (got a ${part.type} part)`);
        }
        tokens += MEDIA_PART_TOKENS;
      }
      const parts = item.content;
      out.push({ features: () => partFeatures(parts), tokens });
    }
  }
  return out;
}
