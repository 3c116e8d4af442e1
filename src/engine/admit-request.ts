import type { ApiKey } from '../auth/api-key.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { loadedTokenizer, loadTokenizer, type Tokenizer } from '../generation/tokenizer.ts';
import type { RequestContext } from '../http/route.ts';
import { PRECOUNT_MIN_CHARS, precountedPrompt } from '../request/prompt-tokens.ts';
import { readInput } from '../request/read-input.ts';
import { sessionIdOf } from '../request/session-id.ts';
import { resolveModelVariants } from '../routing/model-variant.ts';
import type { StreamFault } from '../simulation/simulation-headers.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { Engine } from './create-engine.ts';
import { storedFileInput } from './stored-file-input.ts';

/** A canonical request as the engine's later stages read it: its files inlined, its model variants applied, its input read and its prompt counted once. */
export interface AdmittedRequest {
  /** The request with stored files inlined (what the reply depends on). */
  readonly request: CanonicalRequest;
  /** The request the model variants stand for (routing reads it). */
  readonly effective: CanonicalRequest;
  readonly input: ReturnType<typeof readInput>;
  /** Models served free by a `:free` variant. */
  readonly free: ReadonlySet<string>;
  readonly stream: boolean;
  readonly fault: StreamFault | undefined;
  readonly sessionId: string | undefined;
  readonly apiKey: ApiKey;
  readonly tokenizer: Tokenizer;
  readonly countTokens: (text: string) => number;
  /** How many stored files the input referenced. */
  readonly storedFiles: number;
}

/**
 * The engine's first stage: what can be refused before routing (a stream fault on a JSON request,
 * an unknown file id, a bad model variant) is refused, and the request is read once for the rest.
 */
export async function admitRequest(engine: Engine, given: CanonicalRequest, ctx: RequestContext): Promise<AdmittedRequest> {
  const { env } = engine;
  // An uploaded file's id reads as its bytes sent inline (docs/files.md); an unknown id is a 404.
  const { request, referenced: storedFiles } = storedFileInput(given, env.files);
  const stream = request.stream === true;
  const fault = ctx.simulation.streamFault;
  if (fault && !stream) {
    throw new GatewayError(400, `X-Gatewaykit-Fault: ${fault} applies to streamed requests only; send "stream": true or drop the header`);
  }
  // spec 2.1: the body's session_id wins over the x-session-id header.
  const sessionId = sessionIdOf(request.session_id, ctx.request.headers);
  if (!ctx.apiKey) throw new GatewayError(401);
  const tokenizer = env.tokenizerView(loadedTokenizer() ?? (await loadTokenizer()));
  // Model variants (`:nitro`, `:floor`, `:exacto`, `:online`, `:free`, `:thinking`): the request they stand for.
  const variants = resolveModelVariants(request, env.catalog);
  if (variants instanceof GatewayError) throw variants;
  const effective = variants.request;
  // The input, read once for every reader below (model variants never change it).
  const input = readInput(effective);
  // A huge prompt is tokenized a slice at a time, letting other requests run (bounded work per
  // turn); routing's context check and the billed usage read these same counts. A body shorter
  // than the threshold holds no text that long, so the common request skips the extra pass over
  // its prompt (counts are the same either way: only the slicing differs).
  const small = (await ctx.bytes()).byteLength < PRECOUNT_MIN_CHARS;
  const countTokens = small ? tokenizer.count : await precountedPrompt(effective, tokenizer, input);
  return { request, effective, input, free: variants.free, stream, fault, sessionId, apiKey: ctx.apiKey, tokenizer, countTokens, storedFiles };
}
