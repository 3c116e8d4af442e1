import type { Check, CheckContext, Judgement } from '../../check.ts';
import type { Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import {
  metadataAbsentProblems,
  metadataEndpointProblems,
  metadataReferenceProblems,
  metadataPresentProblems,
  metadataRequestedProblems,
} from './result-oracles.ts';
import { streamMetadataProblems } from './stream-oracles.ts';
import { judgeSamples, judgeShared, sharedSamples } from '../../property/judge-shared.ts';
import { probeAll } from '../../property/probe-all.ts';
import { baseResponsesRequest } from '../../requests.ts';
import { surfaceMetadataProblems } from '../../oracles/surface-metadata-problems.ts';
import { baseChatRequest } from '../chat/samples.ts';
import { baseMessagesRequest } from '../messages/samples.ts';
import { resultSamples, resultSamplesOwed } from './result-checks.ts';

/** A request every gateway rejects for free (spec 2.1 `store` is constant false). */
const rejected = (ctx: CheckContext, headers: Record<string, string> = {}): Probe => ({
  method: 'POST',
  path: '/responses',
  headers,
  body: { ...baseResponsesRequest(ctx.model), store: true },
});

/** Precondition of the error-body checks: the `store: true` probe was refused (that is `validation.store`'s rule). */
const onRefusal =
  (oracle: (e: Exchange) => Judgement) =>
  (e: Exchange): Judgement =>
    e.status >= 400 && e.status < 500
      ? oracle(e)
      : { inconclusive: `store: true was not refused (HTTP ${e.status}), so there is no error body to judge`, owner: 'validation.store' };

const served = (ctx: CheckContext, headers: Record<string, string>): Probe => ({
  method: 'POST',
  path: '/responses',
  headers,
  body: baseResponsesRequest(ctx.model),
});

export const metadataOptIn: Check = {
  id: 'metadata.opt-in',
  exclusive: false,
  spec: 'spec 2.1, 2.6',
  rules: ['metadata.opt-in'],
  title: 'No gateway_metadata unless asked for (results and error bodies)',
  owes: (ctx) => ({ own: 1, shared: resultSamplesOwed(ctx).shared }),
  async run(ctx) {
    const onError = await probeAll(ctx, [rejected(ctx)], onRefusal(metadataAbsentProblems));
    if (onError.status === 'failed' || onError.status === 'error') return onError;
    const onResults = judgeSamples(await resultSamples(ctx), metadataAbsentProblems);
    return onResults.status === 'passed' && onError.status !== 'passed'
      ? { status: 'passed', reason: `results judged; error body not: ${onError.reason}` }
      : onResults;
  },
};

/**
 * The header turns metadata on (spec 2.1, 2.6), and the routing part of it holds together: the
 * requested model is the request's (spec 2.6), the members the reference requires are there with
 * a strategy of its list (reference), exactly one endpoint is selected (inferred). Each
 * failure names the rule its answer breaks.
 */
export const metadataEnabled: Check = {
  id: 'metadata.enabled',
  exclusive: false,
  spec: 'spec 2.1, 2.6',
  rules: ['metadata.header-enabled', 'metadata.requested-model', 'metadata.reference-members', 'metadata.on-streams', 'metadata.one-endpoint-selected'],
  title:
    "X-Gateway-Metadata: enabled (the value in any case) returns gateway_metadata on the result, naming the requested model, with the members the reference requires, a strategy of its list and exactly one selected endpoint; on a stream, on the terminal event's response",
  owes: () => ({ own: 0, shared: { 'metadata.enabled': 2 } }),
  async run(ctx) {
    // The value in another case is asked for on a stream: one request judges both (no unit more).
    const [plain, streamedSample] = await sharedSamples(ctx, 'metadata.enabled', [
      { label: 'X-Gateway-Metadata: enabled', probe: served(ctx, { 'X-Gateway-Metadata': 'enabled' }) },
      {
        label: 'X-Gateway-Metadata: Enabled (streamed)',
        probe: { ...served(ctx, { 'X-Gateway-Metadata': 'Enabled' }), body: { ...baseResponsesRequest(ctx.model), stream: true } },
      },
    ]);
    const samples = [plain!];
    const present = judgeSamples(samples, metadataPresentProblems);
    if (present.status !== 'passed') return present.status === 'failed' ? { ...present, rules: ['metadata.header-enabled'] } : present;
    const requested = judgeSamples(samples, (e, s) => metadataRequestedProblems(e, s.probe.body as Record<string, unknown>));
    if (requested.status === 'failed') return { ...requested, rules: ['metadata.requested-model'] };
    const members = judgeSamples(samples, metadataReferenceProblems);
    if (members.status === 'failed') return { ...members, rules: ['metadata.reference-members'] };
    const endpoints = judgeSamples(samples, metadataEndpointProblems);
    if (endpoints.status === 'failed') return { ...endpoints, rules: ['metadata.one-endpoint-selected'] };
    // No metadata on that stream breaks one of two rules: the value read in any case, or metadata on streams.
    const streamed = judgeSamples([streamedSample!], streamMetadataProblems);
    if (streamed.status === 'failed')
      return {
        ...streamed,
        reason: `${streamed.reason} (the header value was "Enabled": either it is not read in any case, or streams carry no metadata)`,
        rules: ['metadata.header-enabled', 'metadata.on-streams'],
      };
    if (streamed.status === 'skipped') return { ...streamed, unprobed: ['metadata.on-streams'] };
    if (streamed.status === 'error') return streamed;
    // A stream that could not be judged (its precondition is another check's) leaves its rule unprobed.
    const rules = streamed.status === 'passed' ? metadataEnabled.rules : metadataEnabled.rules.filter((r) => r !== 'metadata.on-streams');
    const note = streamed.status === 'passed' ? {} : { reason: `the streamed answer was not judged: ${'reason' in streamed ? streamed.reason : 'no answer'}` };
    return { status: 'passed', ...note, probed: { examples: streamed.status === 'passed' ? 2 : 1, rules } };
  },
};

export const metadataLegacyHeader: Check = {
  id: 'metadata.legacy-header',
  exclusive: false,
  spec: 'spec 2.1',
  rules: ['metadata.legacy-header'],
  title: 'The older X-Gateway-Experimental-Metadata: enabled has the same effect',
  owes: () => ({ own: 0, shared: { 'metadata.legacy': 1 } }),
  run: (ctx) => judgeShared(ctx, 'metadata.legacy', served(ctx, { 'X-Gateway-Experimental-Metadata': 'enabled' }), metadataPresentProblems),
};

export const metadataOnErrors: Check = {
  id: 'metadata.on-errors',
  exclusive: false,
  spec: 'spec 2.6, 7',
  rules: ['metadata.on-errors'],
  title: 'With the header enabled, error bodies carry gateway_metadata too (checked on a free 400)',
  owes: () => ({ own: 2 }),
  run: (ctx) =>
    probeAll(
      ctx,
      [rejected(ctx, { 'X-Gateway-Metadata': 'enabled' }), rejected(ctx, { 'X-Gateway-Experimental-Metadata': 'enabled' })],
      onRefusal(metadataPresentProblems),
    ),
};

/** The chat and Messages requests the surface check sends with the header: plain and streamed each. */
function surfaceProbes(ctx: CheckContext): { probe: Probe; surface: string }[] {
  const headers = { 'X-Gateway-Metadata': 'enabled' };
  const chat = baseChatRequest(ctx.model);
  const messages = baseMessagesRequest(ctx.model);
  return [
    { surface: 'chat', probe: { method: 'POST', path: '/chat/completions', headers, body: chat } },
    { surface: 'chat', probe: { method: 'POST', path: '/chat/completions', headers, body: { ...chat, stream: true } } },
    { surface: 'messages', probe: { method: 'POST', path: '/messages', headers, body: messages } },
    { surface: 'messages', probe: { method: 'POST', path: '/messages', headers, body: { ...messages, stream: true } } },
  ];
}

/** spec 2.6 on every surface: the metadata header works on chat and Messages as on Responses. */
export const metadataOnSurfaces: Check = {
  id: 'metadata.chat-messages',
  exclusive: false,
  spec: 'spec 2.1, 2.6',
  rules: ['metadata.on-chat-messages'],
  title: 'With X-Gateway-Metadata: enabled, chat and Messages answers (plain and streamed) carry gateway_metadata naming the requested model',
  owes: (ctx) => ({ own: surfaceProbes(ctx).length }),
  run: (ctx) => {
    const cases = surfaceProbes(ctx);
    const surfaceOf = new Map(cases.map((c) => [c.probe, c.surface]));
    return probeAll(
      ctx,
      cases.map((c) => c.probe),
      (e, probe) => surfaceMetadataProblems(e, ctx.model, surfaceOf.get(probe)!),
      undefined,
      { sendAll: true },
    );
  },
};

export const METADATA_CHECKS: readonly Check[] = [metadataOptIn, metadataEnabled, metadataLegacyHeader, metadataOnErrors, metadataOnSurfaces];
