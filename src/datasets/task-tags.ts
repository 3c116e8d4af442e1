/** A task classification of the traffic (reference getTaskClassifications `tag`). */
export interface TaskTag {
  readonly tag: string;
  readonly displayName: string;
  /** Typical share of classified requests before the seeded spread. */
  readonly weight: number;
  /** Tokens per request, relative: agents and code read long contexts. */
  readonly tokensPerRequest: number;
}

/** The macro-categories, derived from the tag prefix (reference: code, data, agent, general). */
export const MACRO_CATEGORIES = [
  { key: 'code', label: 'Code' },
  { key: 'data', label: 'Data' },
  { key: 'agent', label: 'Agent' },
  { key: 'general', label: 'General' },
] as const;

/** The classifications the simulated traffic falls into (the unclassified `other` bucket is excluded, as the reference says). */
export const TASK_TAGS: readonly TaskTag[] = [
  { tag: 'code:general_impl', displayName: 'Code Generation', weight: 0.2, tokensPerRequest: 3 },
  { tag: 'code:debugging', displayName: 'Debugging', weight: 0.08, tokensPerRequest: 3.5 },
  { tag: 'code:refactoring', displayName: 'Refactoring', weight: 0.05, tokensPerRequest: 4 },
  { tag: 'code:code_review', displayName: 'Code Review', weight: 0.03, tokensPerRequest: 3 },
  { tag: 'data:extraction', displayName: 'Data Extraction', weight: 0.06, tokensPerRequest: 1.5 },
  { tag: 'data:analysis', displayName: 'Data Analysis', weight: 0.04, tokensPerRequest: 2 },
  { tag: 'data:classification', displayName: 'Classification', weight: 0.04, tokensPerRequest: 0.5 },
  { tag: 'agent:web_search', displayName: 'Web Search', weight: 0.07, tokensPerRequest: 2.5 },
  { tag: 'agent:tool_use', displayName: 'Tool Use', weight: 0.09, tokensPerRequest: 2.5 },
  { tag: 'agent:browser', displayName: 'Browser Automation', weight: 0.02, tokensPerRequest: 3 },
  { tag: 'general:chat', displayName: 'Conversation', weight: 0.12, tokensPerRequest: 0.8 },
  { tag: 'general:roleplay', displayName: 'Roleplay', weight: 0.08, tokensPerRequest: 1.2 },
  { tag: 'general:creative_writing', displayName: 'Creative Writing', weight: 0.04, tokensPerRequest: 1 },
  { tag: 'general:summarization', displayName: 'Summarization', weight: 0.04, tokensPerRequest: 2 },
  { tag: 'general:translation', displayName: 'Translation', weight: 0.02, tokensPerRequest: 0.7 },
  { tag: 'general:question_answering', displayName: 'Question Answering', weight: 0.02, tokensPerRequest: 0.6 },
];
