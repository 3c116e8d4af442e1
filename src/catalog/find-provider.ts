import type { Provider } from './provider.ts';

/**
 * The catalogue provider a caller means by `nameOrSlug`: its slug (`openai`) or the display name
 * `gateway_metadata` shows (`OpenAI`), both case-insensitively. Undefined when none matches.
 *
 * @example
 * findProvider(catalog.providers, 'OpenAI')?.slug; // 'openai'
 * findProvider(catalog.providers, 'nonexistent'); // undefined
 */
export function findProvider(providers: readonly Provider[], nameOrSlug: string): Provider | undefined {
  const wanted = nameOrSlug.trim().toLowerCase();
  return providers.find((p) => p.slug.toLowerCase() === wanted) ?? providers.find((p) => p.name.toLowerCase() === wanted);
}
