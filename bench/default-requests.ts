/**
 * The default requests of the bench: what a user sends first on each surface, a short input and
 * the generated reply (no script). The throughput rows and the profiles send the same bytes.
 */
export const DEFAULT_INPUT = 'Write one sentence about the sea.';
export const DEFAULT_MODEL = 'openai/gpt-4o-mini';
export const REASONING_MODEL = 'openai/gpt-5-mini';
/** The catalogue's default Anthropic model, with the `max_tokens` the Messages docs use. */
export const MESSAGES_MODEL = 'anthropic/claude-sonnet-4.5';
export const MESSAGES_MAX_TOKENS = 1024;
/** What aimock is sent: it answers any model name, these are what its users would send. */
export const PEER_MODEL = 'gpt-4o-mini';
export const PEER_MESSAGES_MODEL = 'claude-sonnet-4-5';

export const AUTH = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

/** `POST /responses`. */
export const responsesBody = (stream: boolean, model = DEFAULT_MODEL, input = DEFAULT_INPUT) => JSON.stringify({ model, input, stream });
/** `POST /chat/completions`: the input as one user message. */
export const chatBody = (stream: boolean, model = DEFAULT_MODEL) => JSON.stringify({ model, messages: [{ role: 'user', content: DEFAULT_INPUT }], stream });
/** `POST /messages`: the input as one user message, `max_tokens` set (required there). */
export const messagesBody = (stream: boolean, model = MESSAGES_MODEL) =>
  JSON.stringify({ model, max_tokens: MESSAGES_MAX_TOKENS, messages: [{ role: 'user', content: DEFAULT_INPUT }], stream });
