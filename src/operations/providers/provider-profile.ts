import type { Provider } from '../../catalog/provider.ts';

/** Headquarters (ISO 3166-1 alpha-2) of the providers whose home is not their data region's usual one. */
const HEADQUARTERS: Readonly<Record<string, string>> = {
  mistral: 'FR',
  nebius: 'NL',
  deepseek: 'CN',
  alibaba: 'CN',
  moonshotai: 'CN',
  'z-ai': 'CN',
  minimax: 'CN',
  siliconflow: 'CN',
  baidu: 'CN',
  byteplus: 'SG',
};

/** Public pages of the providers the reference's own example describes (reference `listProviders`). */
const PAGES: Readonly<Record<string, { privacy: string; terms: string; status: string }>> = {
  openai: { privacy: 'https://openai.com/privacy', terms: 'https://openai.com/terms', status: 'https://status.openai.com' },
};

/**
 * One provider as `GET /providers` lists it (reference `listProviders` item): the catalogue's
 * name and slug, its headquarters, and the data centres of its data region (`us` -> US, `eu` ->
 * the provider's own country, else DE). Pages the catalogue does not know are null, as the
 * reference allows.
 *
 * @example
 * providerProfile({ slug: 'mistral', name: 'Mistral', region: 'eu', ... }).datacenters; // ['FR']
 */
export function providerProfile(provider: Provider): Record<string, unknown> {
  const headquarters = HEADQUARTERS[provider.slug] ?? 'US';
  const pages = PAGES[provider.slug];
  return {
    name: provider.name,
    slug: provider.slug,
    privacy_policy_url: pages?.privacy ?? null,
    terms_of_service_url: pages?.terms ?? null,
    status_page_url: pages?.status ?? null,
    headquarters,
    datacenters: provider.region === 'eu' ? [headquarters === 'US' || headquarters === 'CN' ? 'DE' : headquarters] : ['US'],
  };
}
