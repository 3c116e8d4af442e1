import corpusFile from '../../fixtures/web-corpus.json' with { type: 'json' };
import { urlAllowed } from './domain-pattern.ts';
import type { WebCitation } from './plugin-effects.ts';
import type { PipelineStage } from './pipeline-stage.ts';
import type { PluginEntry, WebPlugin } from '../schemas/plugins.ts';

export interface WebPage {
  url: string;
  title: string;
  text: string;
}

/** The fixture the simulated search engine searches (fixtures/web-corpus.json). */
export const WEB_CORPUS: readonly WebPage[] = corpusFile.pages;

export interface WebSearchResult {
  stage: PipelineStage;
  context: string[];
  /** The results to cite, best first. */
  citations: WebCitation[];
}

function words(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3),
  );
}

/**
 * The web plugin (spec 2.5) over a fixed corpus: pages outside `include_domains` or inside
 * `exclude_domains` are dropped; the rest are ranked by how many words (3+ letters) they share
 * with the query (`search_prompt`, else the latest user message), corpus order breaking ties;
 * the first `max_results` (default 5) are returned. Each result becomes a context string and a
 * citation.
 *
 * @example
 * webSearch({ id: 'web', index: 0, config: { id: 'web', include_domains: ['*.substack.com'] } }, 'llm routing');
 */
export function webSearch(entry: PluginEntry<WebPlugin>, query: string, corpus: readonly WebPage[] = WEB_CORPUS): WebSearchResult {
  const { include_domains: include, exclude_domains: exclude, max_uses: maxUses, search_prompt: searchPrompt, user_location: userLocation } = entry.config;
  const maxResults = entry.config.max_results ?? 5;
  const engine = entry.config.engine ?? 'exa';
  const q = words(searchPrompt ?? query);
  const ranked = corpus
    .map((page, i) => {
      const w = words(`${page.title} ${page.text} ${page.url}`);
      let score = 0;
      for (const x of q) if (w.has(x)) score++;
      return { page, i, score };
    })
    .filter((r) => urlAllowed(r.page.url, include, exclude))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, maxResults)
    .map((r) => r.page);

  return {
    stage: {
      type: 'plugin',
      name: 'web',
      summary: `${ranked.length} web result${ranked.length === 1 ? '' : 's'} via ${engine}`,
      data: {
        engine,
        query: searchPrompt ?? query,
        results: ranked.map((p) => ({ url: p.url, title: p.title })),
        ...(include ? { include_domains: include } : {}),
        ...(exclude ? { exclude_domains: exclude } : {}),
        max_results: maxResults,
        ...(maxUses !== undefined ? { max_uses: maxUses } : {}),
        ...(userLocation ? { user_location: userLocation } : {}),
      },
    },
    context: ranked.map((p, n) => `[${n + 1}] ${p.title} (${p.url}): ${p.text}`),
    citations: ranked.map((p) => ({ url: p.url, title: p.title })),
  };
}
