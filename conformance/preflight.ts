import type { GatewayClient } from './client/gateway-client.ts';
import { exchangeJson, mediaType, type Exchange } from './client/exchange.ts';
import type { Probe } from './client/probe.ts';
import { BudgetExhaustedError } from './client/request-budget.ts';
import { TransportError } from './client/transport-error.ts';

/** One step of the preflight, as the report shows it. */
export interface PreflightStep {
  readonly step: 'reachable' | 'api-answer' | 'key-accepted' | 'generation';
  readonly ok: boolean;
  readonly detail: string;
}

/** The preflight's verdict: go, or one cause why the target cannot be tested (CLI exit 3). */
export interface Preflight {
  readonly ok: boolean;
  readonly steps: readonly PreflightStep[];
  /** When not ok: the one cause, in words, with what to do. */
  readonly cause?: string;
  /** The `GET /models` answer, for choosing the models (undefined when it gave none). */
  readonly models?: readonly unknown[];
}

const looksLikeHtml = (e: Exchange) => mediaType(e) === 'text/html' || /^\s*<(!doctype|html)/i.test(e.text);

function excerpt(e: Exchange): string {
  return `${e.status} ${e.headers['content-type'] ?? '(no content-type)'}: ${JSON.stringify(e.text.slice(0, 120))}`;
}

/**
 * Before any check: is there an API at the base URL, does it take the key, does one minimal
 * generation work? Each failure names one cause; the run then stops (exit 3, "could not test")
 * instead of reporting every check as failed.
 *
 * 1. reachable: `GET /models` gets an answer before `--timeout-ms` (a refused or silent port stops here);
 * 2. api-answer: that answer is JSON, not an HTML page (a wrong base URL stops here);
 * 3. key-accepted: it is not 401/403, and the models list is readable (or `--model` was given);
 * 4. generation: one minimal generation `{model, input: "Say OK.", max_output_tokens: 16}` is
 *    served with a Responses result. It takes one unit of the budget; with `--max-requests 0` it is not sent.
 *
 * @example
 * const pre = await preflight(client, { model: undefined });
 * if (!pre.ok) console.error(pre.cause);
 */
export async function preflight(
  client: GatewayClient,
  options: { model: string | undefined; pickModel: (models: readonly unknown[]) => string | undefined },
): Promise<Preflight> {
  const steps: PreflightStep[] = [];
  const stop = (step: PreflightStep['step'], cause: string): Preflight => ({ ok: false, steps: [...steps, { step, ok: false, detail: cause }], cause });
  let models: Exchange;
  try {
    models = await client.send({ method: 'GET', path: '/models' });
  } catch (error) {
    if (error instanceof TransportError) return stop('reachable', `could not reach ${client.baseUrl}: ${error.causeText}`);
    throw error;
  }
  steps.push({ step: 'reachable', ok: true, detail: `GET /models answered ${models.status}` });
  if (looksLikeHtml(models)) {
    return stop(
      'api-answer',
      `${client.baseUrl} does not look like the API: GET /models answered an HTML page (${excerpt(models)}); check --base-url (it usually ends in /api/v1 or /v1)`,
    );
  }
  const json = exchangeJson(models);
  if (models.status === 401 || models.status === 403) return stop('key-accepted', `the key was refused: GET /models answered ${excerpt(models)}`);
  if (models.status >= 500 && !options.model)
    return stop('api-answer', `GET /models answered a server error (${excerpt(models)}); pass --model to test without the models list`);
  if (json === undefined && models.status < 500) return stop('api-answer', `GET /models did not answer JSON (${excerpt(models)}); check --base-url`);
  steps.push({ step: 'api-answer', ok: true, detail: `GET /models answered ${models.status} ${mediaType(models) || 'no content type'}` });
  const list = (json as { data?: unknown } | undefined)?.data;
  const listed = models.status === 200 && Array.isArray(list) ? list : undefined;
  const model = options.model ?? (listed ? options.pickModel(listed) : undefined);
  if (!model) {
    return stop('key-accepted', `no model to test with: GET /models answered ${excerpt(models)} and --model was not given; pass --model <slug>`);
  }
  steps.push({
    step: 'key-accepted',
    ok: true,
    detail: listed ? `GET /models listed ${listed.length} models; using ${model}` : `using --model ${model} (GET /models answered ${models.status})`,
  });
  const probe: Probe = { method: 'POST', path: '/responses', body: { model, input: 'Say OK.', max_output_tokens: 16 } };
  let generation: Exchange;
  try {
    generation = await client.send(probe);
  } catch (error) {
    if (error instanceof BudgetExhaustedError) {
      steps.push({ step: 'generation', ok: true, detail: 'not sent: the budget allows no request to a paid operation (--max-requests 0)' });
      return { ok: true, steps, ...(listed ? { models: listed } : {}) };
    }
    if (error instanceof TransportError) return stop('generation', `a minimal generation got no answer: ${error.causeText}`);
    throw error;
  }
  if (generation.status === 401 || generation.status === 403)
    return stop('key-accepted', `the key was refused: POST /responses answered ${excerpt(generation)}`);
  if (looksLikeHtml(generation)) return stop('api-answer', `POST /responses answered an HTML page (${excerpt(generation)}); check --base-url`);
  if (generation.status < 200 || generation.status >= 300)
    return stop('generation', `a minimal generation with ${model} failed: POST /responses answered ${excerpt(generation)}`);
  if ((exchangeJson(generation) as { object?: unknown } | undefined)?.object !== 'response') {
    return stop(
      'generation',
      `POST /responses answered ${generation.status} but not a Responses result (object "response"): ${excerpt(generation)}; is this the Gateway API?`,
    );
  }
  steps.push({ step: 'generation', ok: true, detail: `a minimal generation with ${model} answered ${generation.status}` });
  return { ok: true, steps, ...(listed ? { models: listed } : {}) };
}
