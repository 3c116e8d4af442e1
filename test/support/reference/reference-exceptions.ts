import type { ReferenceDocument } from './load-reference.ts';

/**
 * Where the simulator answers otherwise than the reference's schema, on purpose: each exception
 * names the reference rule, says why, and adjusts the in-memory reference the oracle judges by
 * (the file on disk is never touched). docs/decisions/0058-the-reference-judges-every-answer.md
 * lists them with the differences that were fixed instead.
 */
export interface ReferenceException {
  /** The reference rule set aside (a components/schemas path). */
  rule: string;
  reason: string;
  /** Adjusts the reference's schemas (when the rule can be restated as a schema). */
  apply?(schemas: Record<string, any>): void;
  /** Problems this exception accounts for (when the rule sits inside a union the answer's value is judged through). */
  ignores?: RegExp;
}

export const REFERENCE_EXCEPTIONS: readonly ReferenceException[] = [
  {
    rule: 'BaseResponsesResult/properties/usage',
    reason:
      'The reference contradicts itself: OpenResponsesResult.usage is `Usage` (an object or null) while its allOf part BaseResponsesResult requires an object. ' +
      "A response that has not finished (response.created, response.in_progress) has no usage yet and carries null, as OpenAI's API does; the golden /responses bytes hold it.",
    apply(s) {
      s.BaseResponsesResult.properties.usage = { anyOf: [{ $ref: '#/components/schemas/OpenAIResponsesUsage' }, { type: 'null' }] };
    },
  },
  {
    rule: 'ProviderName/enum',
    reason:
      'provider_name is a catalogue display name: a user\'s catalogue names any provider, and the default catalogue\'s "Google Vertex", "Nebius AI Studio" and "Topaz" appear in the golden bytes. ' +
      'The official SDK reads ProviderName as an open enum (any string is kept).',
    apply(s) {
      delete s.ProviderName.enum;
    },
  },
  {
    rule: 'VideoModel/properties/supported_resolutions/items/enum',
    reason: 'spec 2.7 lists `360p` among the resolutions (the spec wins where it speaks); the official SDK reads the enum as open.',
    apply(s) {
      const items = s.VideoModel.properties.supported_resolutions.items;
      if (!items.enum.includes('360p')) items.enum = ['360p', ...items.enum];
    },
  },
  {
    rule: "OutputItems, the tools and tool_choice unions of BaseResponsesResult, and the stream events' `item`",
    reason:
      'spec 2.3 lists the output server-tool items (web search, web fetch, ...) and the datetime item, and the reference defines these server tools for requests (`openrouter:web_search`, ...), ' +
      "yet its answer unions omit them; the simulator names them `gateway:*` as the spec does, and echoes a request's other namespaced server tools (`openai:web_search`) as given.",
    ignores: /type "[a-z0-9_-]+:[a-z_]+" is none of the reference's/,
  },
  {
    rule: 'response.content_part.added/done `part` (output_text or refusal)',
    reason:
      "A reasoning item's text streams as a `reasoning_text` content part, as OpenAI's Responses API sends it (its ResponseContentPartAddedEvent allows reasoning_text); the golden /responses bytes hold these events. " +
      "The reference's union lists only output_text and refusal.",
    ignores: /\(response\.content_part\.(added|done)\): at \/data\/part type "reasoning_text" is none of the reference's/,
  },
  {
    rule: 'DebugEvent/required sequence_number',
    reason:
      "Open, to settle: the debug chunk (spec 6.3) is sent unnumbered so that response.created stays 0 as in the reference's own example; numbering it gives the other events a gap or a second 0. " +
      'The golden bytes hold the unnumbered chunk, and the official SDK never sees it unless `debug.echo_upstream_body` is asked.',
    ignores: /\(response\.debug\): at \/data must have required property 'sequence_number'/,
  },
];

/** The problems no exception accounts for. */
export function unexcused(problems: readonly string[], exceptions: readonly ReferenceException[] = REFERENCE_EXCEPTIONS): string[] {
  return problems.filter((p) => !exceptions.some((e) => e.ignores?.test(p)));
}

/** A copy of the reference's schemas with every exception applied (the rest of the document shared). */
export function withExceptions(doc: ReferenceDocument, exceptions: readonly ReferenceException[] = REFERENCE_EXCEPTIONS): ReferenceDocument {
  const schemas = structuredClone(doc.components.schemas) as Record<string, any>;
  for (const exception of exceptions) exception.apply?.(schemas);
  return { ...doc, components: { ...doc.components, schemas } };
}
