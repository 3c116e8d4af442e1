import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** A source the web plugin found; generation cites it as a `url_citation` annotation. */
export interface WebCitation {
  url: string;
  title: string;
}

/**
 * What plugins ask of generation; each member optional so the engine can ignore what it lacks.
 * Citations (web plugin) are sources, not offsets: the engine writes them into the reply text and
 * computes each `url_citation`'s offsets on the text it actually sends (after any budget cut).
 */
export interface PluginEffects {
  /** Extra context the simulated model "read" (web results, fetched pages, parsed files); shapes the reply text. */
  context: string[];
  /** web plugin: the sources to cite (none when `text.format` asks for JSON: a Sources line would break it). */
  citations: WebCitation[];
  /** response-healing and similar: rewrite the final output text. */
  transformOutputText?: (text: string) => string;
  /** fusion: the panel's answers the judge synthesised (shown in metadata; generation may quote them). */
  panel?: Array<{ model: string; text: string }>;
  /** context-compression: the input after middle-out compression (generate from this when set). */
  input?: ResponsesRequest['input'];
}
