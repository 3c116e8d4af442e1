import type { ImageModelInput } from './image-model.ts';
import type { RerankModelInput } from './rerank-model.ts';
import type { TtsModelInput } from './tts-model.ts';

/**
 * The image, rerank and text-to-speech models a catalogue has when it names none (a list of its
 * own, so a regenerated fixtures/catalog.json keeps them). Ids are the real gateway's; the models
 * of the reference's examples are among them. Prices are the providers' list prices, rounded.
 */
export const DEFAULT_IMAGE_MODELS: readonly ImageModelInput[] = [
  {
    id: 'bytedance-seed/seedream-4.5',
    name: 'Seedream 4.5',
    description: 'ByteDance Seed text-to-image and image editing model, up to 4K.',
    created: 1764547200,
    input_modalities: ['text', 'image'],
    resolutions: ['1K', '2K', '4K'],
    output_formats: ['png', 'jpeg'],
    max_images: 4,
    endpoints: [{ provider: 'byteplus', provider_name: 'BytePlus', price_per_image: 0.04, latency: 6 }],
  },
  {
    id: 'openai/gpt-image-1',
    name: 'GPT Image 1',
    description: "OpenAI's natively multimodal image generation model; streams partial images.",
    created: 1745366400,
    input_modalities: ['text', 'image'],
    resolutions: ['1K', '2K'],
    output_formats: ['png', 'jpeg', 'webp'],
    max_images: 10,
    endpoints: [
      { provider: 'openai', provider_name: 'OpenAI', price_per_image: 0.042, supports_streaming: true, latency: 8 },
      { provider: 'azure', provider_name: 'Azure', price_per_image: 0.042, supports_streaming: true, latency: 9 },
    ],
  },
  {
    id: 'google/gemini-2.5-flash-image',
    name: 'Gemini 2.5 Flash Image',
    description: "Google's fast image generation and editing model (nano banana).",
    created: 1756166400,
    input_modalities: ['text', 'image'],
    resolutions: ['1K'],
    output_formats: ['png'],
    max_images: 1,
    endpoints: [
      { provider: 'google-ai-studio', provider_name: 'Google AI Studio', price_per_image: 0.039, latency: 4 },
      { provider: 'google-vertex', provider_name: 'Google Vertex', price_per_image: 0.039, latency: 5 },
    ],
  },
  {
    id: 'black-forest-labs/flux.2-pro',
    name: 'FLUX.2 [pro]',
    description: 'Black Forest Labs text-to-image model, small to 4K.',
    created: 1763942400,
    input_modalities: ['text', 'image'],
    resolutions: ['512', '1K', '2K', '4K'],
    output_formats: ['png', 'jpeg', 'svg'],
    max_images: 4,
    endpoints: [{ provider: 'together', provider_name: 'Together', price_per_image: 0.03, latency: 5 }],
  },
];

export const DEFAULT_RERANK_MODELS: readonly RerankModelInput[] = [
  {
    id: 'cohere/rerank-v3.5',
    name: 'Cohere Rerank 3.5',
    endpoints: [
      { provider: 'cohere', provider_name: 'Cohere', price_per_search_unit: 0.002 },
      { provider: 'amazon-bedrock', provider_name: 'Amazon Bedrock', price_per_search_unit: 0.002 },
    ],
  },
  {
    id: 'cohere/rerank-4-fast',
    name: 'Cohere Rerank 4 Fast',
    max_tokens_per_document: 32_768,
    endpoints: [{ provider: 'cohere', provider_name: 'Cohere', price_per_search_unit: 0.002 }],
  },
];

export const DEFAULT_TTS_MODELS: readonly TtsModelInput[] = [
  {
    id: 'mistralai/voxtral-mini-tts-2603',
    name: 'Voxtral Mini TTS',
    voices: ['en_paul_neutral', 'en_sarah_warm', 'fr_marie_neutral'],
    endpoints: [{ provider: 'mistral', provider_name: 'Mistral', price_per_character: 0.000016 }],
  },
  {
    id: 'openai/gpt-4o-mini-tts',
    name: 'GPT-4o mini TTS',
    voices: ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'],
    max_input_chars: 2000,
    endpoints: [{ provider: 'openai', provider_name: 'OpenAI', price_per_character: 0.000015 }],
  },
];
