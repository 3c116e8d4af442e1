import type { Judgement } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import { parseStream } from './parse-stream.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text' | 'chunks'>;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The routing metadata a value carries: spec 2.6 names it gateway_metadata, the reference's Messages shapes openrouter_metadata. */
const metadataOf = (v: unknown): unknown => (isObject(v) ? (v.gateway_metadata ?? v.openrouter_metadata) : undefined);

/**
 * spec 2.1, 2.6: with the metadata header enabled, a served chat or Messages answer carries the
 * routing metadata too: on the completion or message, or in a stream on one of its events (the
 * finishing chunk, message_stop); its `requested` names the model of the request.
 *
 * @example
 * surfaceMetadataProblems(exchange, 'openai/gpt-4o-mini', 'chat'); // [] when gateway_metadata is there
 */
export function surfaceMetadataProblems(answer: Answer, model: string, surface: string): Judgement {
  if (answer.status < 200 || answer.status >= 300)
    return {
      inconclusive: `the ${surface} request was not served (HTTP ${answer.status})`,
      owner: surface === 'chat' ? 'chat.result-shape' : 'messages.result-shape',
    };
  const streamed = mediaType(answer) === 'text/event-stream';
  const found = streamed ? parseStream(answer).events.map(metadataOf).find(isObject) : metadataOf(exchangeJson(answer));
  const where = `${surface}${streamed ? ' stream' : ''}`;
  if (!isObject(found)) return [`spec 2.6: X-Gateway-Metadata: enabled was sent, the ${where} answer carries no gateway_metadata`];
  if (found.requested !== undefined && found.requested !== model)
    return [`spec 2.6: the ${where} answer's gateway_metadata.requested is ${JSON.stringify(found.requested)}, the request named ${JSON.stringify(model)}`];
  return [];
}
