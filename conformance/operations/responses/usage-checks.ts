import type { Check, CheckContext } from '../../check.ts';
import { costDetailsProblems } from '../../oracles/cost-details-problems.ts';
import { judgeSamples, type Sample } from '../../property/judge-shared.ts';
import { owesSampleSets } from '../../property/sample-set.ts';
import { CHAT_JSON_SAMPLES, CHAT_STREAM_SAMPLES } from '../chat/checks.ts';
import { MESSAGES_JSON_SAMPLES, MESSAGES_STREAM_SAMPLES } from '../messages/checks.ts';

const SETS = [
  { set: CHAT_JSON_SAMPLES, name: 'chat', owner: 'chat.result-shape' },
  { set: CHAT_STREAM_SAMPLES, name: 'chat streamed', owner: 'chat.stream-grammar' },
  { set: MESSAGES_JSON_SAMPLES, name: 'messages', owner: 'messages.result-shape' },
  { set: MESSAGES_STREAM_SAMPLES, name: 'messages streamed', owner: 'messages.stream-grammar' },
] as const;

/** The chat and Messages samples, plain and streamed, each labelled with its operation. */
async function allSamples(ctx: CheckContext): Promise<(Sample & { owner: string })[]> {
  const out: (Sample & { owner: string })[] = [];
  for (const { set, name, owner } of SETS) for (const s of await set.samples(ctx)) out.push({ ...s, label: `${name} ${s.label}`, owner });
  return out;
}

/** reference `CostDetails` on the usage of chat and Messages answers (the shared samples; nothing sent of its own). */
export const usageCostDetails: Check = {
  id: 'usage.cost-details',
  exclusive: false,
  spec: 'reference CostDetails (ChatUsage, MessagesResult usage)',
  rules: ['usage.cost-details-names'],
  title:
    'usage.cost_details, when sent on a chat or Messages answer (plain or streamed), names upstream_inference_prompt_cost and upstream_inference_completions_cost',
  owes: owesSampleSets(...SETS.map((s) => s.set)),
  run: async (ctx) => judgeSamples(await allSamples(ctx), (e, s) => costDetailsProblems(e, (s as Sample & { owner: string }).owner)),
};

export const USAGE_CHECKS: readonly Check[] = [usageCostDetails];
