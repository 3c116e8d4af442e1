import { describe, expect, it } from 'vitest';
import type { Exchange } from '../client/exchange.ts';
import { chatJsonFormatStrata } from '../operations/chat/checks.ts';
import { ruleById } from '../rules/rule-catalogue.ts';
import {
  chatFinishReasonProblems,
  chatLogprobsProblems,
  chatResultShapeProblems,
  chatUsageProblems,
  isUsageMissing,
} from '../operations/chat/result-oracles.ts';
import { chatStreamGrammarProblems } from '../operations/chat/stream-oracles.ts';
import { costDetailsProblems } from './cost-details-problems.ts';
import { embeddingsBase64Problems, embeddingsShapeProblems } from '../operations/embeddings/oracles.ts';
import { messagesResultShapeProblems, messagesStopReasonProblems, messagesStreamGrammarProblems } from '../operations/messages/oracles.ts';
import { surfaceMetadataProblems } from './surface-metadata-problems.ts';

/** A recorded answer as the suite's client holds it. */
function recorded(text: string, contentType = 'application/json', status = 200): Exchange {
  return {
    probe: { method: 'POST', path: '/' },
    url: 'http://127.0.0.1/v1/',
    status,
    headers: { 'content-type': contentType },
    chunks: [new TextEncoder().encode(text)],
    text,
  };
}
const sse = (text: string) => recorded(text, 'text/event-stream');
const problemsOf = (j: unknown): string[] => (Array.isArray(j) ? j : [`inconclusive: ${JSON.stringify(j)}`]);

// aimock 1.43's answer to the "long story" request with max_tokens 16: it finished in 1 token.
const AIMOCK_CHAT_LONG_STORY =
  '{"id":"chatcmpl-HGNROn-jK0uL3anB","object":"chat.completion","created":1795876713,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"OK","refusal":null},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":15,"completion_tokens":1,"total_tokens":16}}';
// aimock's stream to a chat request without stream_options: role first, no usage chunk.
const AIMOCK_CHAT_STREAM =
  'data: {"id":"chatcmpl-BGq4tKO5znTgNXD0","object":"chat.completion.chunk","created":1795876713,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n' +
  'data: {"id":"chatcmpl-BGq4tKO5znTgNXD0","object":"chat.completion.chunk","created":1795876713,"model":"m","choices":[{"index":0,"delta":{"content":"OK"},"logprobs":null,"finish_reason":null}]}\n\n' +
  'data: {"id":"chatcmpl-BGq4tKO5znTgNXD0","object":"chat.completion.chunk","created":1795876713,"model":"m","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\n' +
  'data: [DONE]\n\n';
// aimock's Messages answers: "OK" in 0 output tokens, end_turn; its stream lacks required members.
const AIMOCK_MESSAGE =
  '{"id":"msg_SPr31h7EdciacphG","type":"message","role":"assistant","content":[{"type":"text","text":"OK"}],"model":"m","stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":0,"output_tokens":0}}';
const AIMOCK_MESSAGES_STREAM =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_EqgbhHwmdixStT9m","type":"message","role":"assistant","content":[],"model":"m","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":0,"output_tokens":0}}}\n\n' +
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"OK"}}\n\n' +
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":0}}\n\n' +
  'event: message_stop\ndata: {"type":"message_stop"}\n\n';
// The simulator's Messages stream (every member the reference requires), as served before this change.
const SIMULATOR_MESSAGES_STREAM =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_bJ3kPgzODGeaLr3Ibl6OLasfERGr7rog","type":"message","role":"assistant","container":null,"content":[],"model":"openai/gpt-4o-mini","stop_reason":null,"stop_details":null,"stop_sequence":null,"usage":{"input_tokens":8,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},"inference_geo":null,"output_tokens_details":{"thinking_tokens":0},"server_tool_use":null,"service_tier":"standard"}}}\n\n' +
  'event: ping\ndata: {"type":"ping"}\n\n' +
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"","citations":[]}}\n\n' +
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello! How can"}}\n\n' +
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"max_tokens","stop_sequence":null,"stop_details":null,"container":null},"usage":{"input_tokens":8,"output_tokens":16,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens_details":{"thinking_tokens":0},"server_tool_use":null,"cost":0.0000108,"is_byok":false,"cost_details":{"upstream_inference_cost":null,"upstream_inference_input_cost":0.0000012,"upstream_inference_output_cost":0.0000096}}}\n\n' +
  'event: message_stop\ndata: {"type":"message_stop"}\n\n';

describe('false failures made right, on recorded answers', () => {
  it('chat.finish-reason: a "long story" finished in 1 of 16 tokens says stop, rightly (aimock)', () => {
    expect(chatFinishReasonProblems(recorded(AIMOCK_CHAT_LONG_STORY), 'length', { max_tokens: 16 })).toEqual([]);
  });

  it("chat.finish-reason: Prism's example (10 completion tokens, stop) under max_tokens 16 is right", () => {
    const prism =
      '{"id":"chatcmpl-123","object":"chat.completion","created":1677652288,"model":"openai/gpt-4","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"message":{"role":"assistant","content":"Hello! How can I help you today?"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}';
    expect(chatFinishReasonProblems(recorded(prism), 'length', { max_tokens: 16 })).toEqual([]);
  });

  it('chat.finish-reason still judges by usage: at the cap it must say length, past it breaks the cap', () => {
    const at = AIMOCK_CHAT_LONG_STORY.replace('"completion_tokens":1,"total_tokens":16', '"completion_tokens":16,"total_tokens":31');
    expect(problemsOf(chatFinishReasonProblems(recorded(at), 'length', { max_tokens: 16 })).join()).toMatch(/reached the cap .* must be "length"/);
    const past = at.replace('"completion_tokens":16,"total_tokens":31', '"completion_tokens":17,"total_tokens":32').replace('"stop"', '"length"');
    expect(problemsOf(chatFinishReasonProblems(recorded(past), 'length', { max_tokens: 16 })).join()).toMatch(
      /17 completion_tokens, past the cap max_tokens 16/,
    );
  });

  it('messages.stop-reason: "OK" in 0 output tokens with end_turn is right (aimock), plain and streamed', () => {
    expect(messagesStopReasonProblems(recorded(AIMOCK_MESSAGE), 'max_tokens', false, { max_tokens: 16 })).toEqual([]);
    expect(messagesStopReasonProblems(sse(AIMOCK_MESSAGES_STREAM), 'max_tokens', true, { max_tokens: 16 })).toEqual([]);
  });

  it('chat.stream-grammar: role repeated on every delta is allowed', () => {
    const chunk = (delta: string, finish: string | null) =>
      `data: {"id":"c1","object":"chat.completion.chunk","created":1795876713,"model":"m","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}\n\n`;
    const usage =
      'data: {"id":"c1","object":"chat.completion.chunk","created":1795876713,"model":"m","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}\n\n';
    const stream =
      chunk('{"role":"assistant","content":"O"}', 'null') +
      chunk('{"role":"assistant","content":"K"}', 'null') +
      chunk('{"role":"assistant"}', '"stop"') +
      usage +
      'data: [DONE]\n\n';
    expect(chatStreamGrammarProblems(sse(stream))).toEqual([]);
  });

  it('embeddings.shape: an answer without usage is right (the reference requires object, data, model)', () => {
    expect(embeddingsShapeProblems(recorded('{"object":"list","model":"m","data":[{"object":"embedding","index":0,"embedding":[0.6,0.8]}]}'), 1)).toEqual([]);
  });

  it('messages.errors: a request without max_tokens is no error case (MessagesRequest requires only model and messages)', async () => {
    const { messagesErrorCases } = await import('../operations/messages/checks.ts');
    const bodies = messagesErrorCases({ model: 'm', simulator: undefined }).map((c) => c.probe.body as Record<string, unknown> | undefined);
    expect(bodies.filter((b) => b !== undefined && Array.isArray(b.messages) && b.messages.length > 0 && b.max_tokens === undefined)).toEqual([]);
  });

  it('chat.response-format under strict false and chat.usage presence are inferred rules (advice)', () => {
    const loose = chatJsonFormatStrata().filter((s) => s.rules?.includes('chat.response-format-loose'));
    expect(loose.length).toBe(1);
    expect(ruleById('chat.response-format-loose').source).toBe('inferred');
    expect(ruleById('chat.response-format').source).toBe('reference');
    const noUsage = AIMOCK_CHAT_LONG_STORY.replace(/,"usage":\{[^}]*\}/, '');
    const problems = problemsOf(chatUsageProblems(recorded(noUsage)));
    expect(problems.length).toBe(1);
    expect(problems.every(isUsageMissing)).toBe(true);
    expect(ruleById('chat.usage-present').source).toBe('inferred');
    expect(ruleById('embeddings.unit-length').source).toBe('inferred');
  });
});

describe('false passes made right, on recorded answers', () => {
  it("messages.stream-grammar reads event contents: aimock's message_start, content_block_start and message_delta lack required members", () => {
    const problems = problemsOf(messagesStreamGrammarProblems(sse(AIMOCK_MESSAGES_STREAM))).join('\n');
    expect(problems).toMatch(/message_start \(event 0\) at message\.container/);
    expect(problems).toMatch(/message_start \(event 0\) at message\.usage\.cache_creation_input_tokens/);
    expect(problems).toMatch(/content_block_start \(event 1\) at content_block/);
    expect(problems).toMatch(/message_delta \(event 4\) at delta\.container/);
    expect(problems).toMatch(/message_delta \(event 4\) at usage\.server_tool_use/);
  });

  it("messages.stream-grammar requires the event: lines; the simulator's stream with them conforms", () => {
    expect(messagesStreamGrammarProblems(sse(SIMULATOR_MESSAGES_STREAM))).toEqual([]);
    const dataOnly = SIMULATOR_MESSAGES_STREAM.replace(/^event: .*\n/gm, '');
    expect(problemsOf(messagesStreamGrammarProblems(sse(dataOnly))).join('\n')).toMatch(/event 0 \(message_start\) has no event: line/);
  });

  it("chat.stream-grammar requires the usage chunk without include_usage (aimock's stream has none)", () => {
    expect(problemsOf(chatStreamGrammarProblems(sse(AIMOCK_CHAT_STREAM))).join()).toMatch(/ends with a usage chunk/);
  });

  it('usage.cost-details reads the member names: the Responses names on a Messages stream fail, the reference names pass', () => {
    expect(problemsOf(costDetailsProblems(sse(SIMULATOR_MESSAGES_STREAM), 'messages.stream-grammar')).join()).toMatch(
      /upstream_inference_prompt_cost.*members sent: upstream_inference_cost, upstream_inference_input_cost, upstream_inference_output_cost/s,
    );
    const right = SIMULATOR_MESSAGES_STREAM.replace('"upstream_inference_input_cost"', '"upstream_inference_prompt_cost"').replace(
      '"upstream_inference_output_cost"',
      '"upstream_inference_completions_cost"',
    );
    expect(costDetailsProblems(sse(right), 'messages.stream-grammar')).toEqual([]);
    expect(costDetailsProblems(recorded(AIMOCK_CHAT_LONG_STORY), 'chat.result-shape')).toEqual([]);
  });

  it('messages.result-shape: a text block without citations and a tool_use block without caller fail', () => {
    const full =
      '{"id":"msg_1","type":"message","role":"assistant","container":null,"content":[{"type":"text","text":"OK","citations":null},{"type":"tool_use","id":"toolu_1","caller":{"type":"direct"},"name":"get_weather","input":{"city":"Paris"}}],"model":"m","stop_reason":"tool_use","stop_details":null,"stop_sequence":null,"usage":{"input_tokens":8,"output_tokens":5,"cache_creation_input_tokens":null,"cache_read_input_tokens":null,"cache_creation":null,"inference_geo":null,"output_tokens_details":null,"server_tool_use":null,"service_tier":"standard"}}';
    expect(messagesResultShapeProblems(recorded(full))).toEqual([]);
    expect(messagesResultShapeProblems(recorded(full.replace(',"citations":null', ''))).join()).toMatch(/content\.0/);
    expect(messagesResultShapeProblems(recorded(full.replace('"caller":{"type":"direct"},', ''))).join()).toMatch(/content\.1/);
  });
});

describe('rules of the slipping classes, on recorded answers', () => {
  it('chat.choice-index: a choice whose index is not its position fails', () => {
    const prism =
      '{"id":"c","object":"chat.completion","created":1677652288,"model":"m","system_fingerprint":null,"choices":[{"index":1,"message":{"role":"assistant","content":"Hi"},"finish_reason":"stop"}]}';
    expect(chatResultShapeProblems(recorded(prism)).join()).toMatch(/choices\[0\]\.index is 1/);
  });

  it('chat.logprobs: logprobs null under logprobs: true fails; token entries pass', () => {
    expect(problemsOf(chatLogprobsProblems(recorded(AIMOCK_CHAT_LONG_STORY), 2)).join()).toMatch(/logprobs: true was asked/);
    const withTokens = AIMOCK_CHAT_LONG_STORY.replace(
      '"logprobs":null',
      '"logprobs":{"content":[{"token":"OK","logprob":-0.1,"bytes":[79,75],"top_logprobs":[{"token":"OK","logprob":-0.1,"bytes":[79,75]}]}]}',
    );
    expect(chatLogprobsProblems(recorded(withTokens), 2)).toEqual([]);
  });

  it('embeddings.base64: float arrays under encoding_format base64 fail; float32 base64 passes', () => {
    expect(
      problemsOf(embeddingsBase64Problems(recorded('{"object":"list","model":"m","data":[{"object":"embedding","index":0,"embedding":[0.6,0.8]}]}'), 1)).join(),
    ).toMatch(/must be a base64 string/);
    // 0.6 and 0.8 as float32 little-endian.
    expect(embeddingsBase64Problems(recorded('{"object":"list","model":"m","data":[{"object":"embedding","index":0,"embedding":"mpkZP83MTD8="}]}'), 1)).toEqual(
      [],
    );
  });

  it('metadata.chat-messages: an answer without gateway_metadata fails; the metadata on message_stop passes', () => {
    expect(problemsOf(surfaceMetadataProblems(recorded(AIMOCK_MESSAGE), 'm', 'messages')).join()).toMatch(/carries no gateway_metadata/);
    const withMeta = SIMULATOR_MESSAGES_STREAM.replace(
      '{"type":"message_stop"}',
      '{"type":"message_stop","gateway_metadata":{"requested":"openai/gpt-4o-mini"}}',
    );
    expect(surfaceMetadataProblems(sse(withMeta), 'openai/gpt-4o-mini', 'messages')).toEqual([]);
  });
});
