import type { TextModel } from '../catalog/text-model.ts';
import { inputMedia, type InputMedia } from '../request/media-parts.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** What a request needs of a model: the media it sends, the modalities it asks back. */
export interface RequiredCapabilities {
  input: InputMedia[];
  /** Output modalities other than text (spec 2.1 `modalities`). */
  output: string[];
}

/**
 * The capabilities a request needs (spec 2.1 `modalities`, 2.3 content parts).
 *
 * @example
 * requiredCapabilities({ input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x/a.png' }] }] });
 * // { input: ['image'], output: [] }
 */
export function requiredCapabilities(request: Pick<ResponsesRequest, 'input' | 'modalities'>): RequiredCapabilities {
  return { input: inputMedia(request.input), output: (request.modalities ?? []).filter((m) => m !== 'text') };
}

/**
 * The first capability `model` lacks, worded as the real gateway's 404 does ("image input",
 * "image output"), or undefined when the catalogue says it has them all.
 *
 * @example
 * missingCapability(textOnlyModel, { input: ['image'], output: [] }); // 'image input'
 */
export function missingCapability(model: TextModel, needs: RequiredCapabilities): string | undefined {
  const input = needs.input.find((m) => !model.input_modalities.includes(m));
  if (input) return `${input} input`;
  const output = needs.output.find((m) => !model.output_modalities.includes(m));
  return output ? `${output} output` : undefined;
}
