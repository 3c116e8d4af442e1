import type { Provider } from '../catalog/provider.ts';

/**
 * Whether `provider` is named in `names`: slugs and display names both count, case-insensitively
 * (the reference types `order/only/ignore` items as a ProviderName like "OpenAI" or any string).
 *
 * @example
 * providerNamed({ slug: 'openai', name: 'OpenAI' }, ['OPENAI']); // true
 */
export function providerNamed(provider: Pick<Provider, 'slug' | 'name'>, names: readonly string[]): boolean {
  const slug = provider.slug.toLowerCase();
  const name = provider.name.toLowerCase();
  return names.some((n) => {
    const x = n.toLowerCase();
    return x === slug || x === name;
  });
}

/** Index of the first name in `names` that names `provider`, or -1 (for `order`). */
export function providerRank(provider: Pick<Provider, 'slug' | 'name'>, names: readonly string[]): number {
  return names.findIndex((n) => providerNamed(provider, [n]));
}
