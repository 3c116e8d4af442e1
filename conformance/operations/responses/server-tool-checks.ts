import type { Check, Judgement } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { serverToolProblems, type JudgedServerTool } from './server-tool-oracles.ts';
import { probeAll } from '../../property/probe-all.ts';

/**
 * Server tools (spec 2.4.1; reference server-tool output items): the gateway runs a required
 * `gateway:datetime` or `gateway:web_fetch` call and reports it as its reference item.
 */
export const serverToolItems: Check = {
  id: 'result.server-tool-items',
  exclusive: false,
  spec: 'spec 2.4.1 (reference OutputDatetimeItem, OutputWebFetchServerToolItem)',
  rules: ['result.server-tool-items', 'result.server-tool-called'],
  title: 'gateway:datetime and gateway:web_fetch, required, answer with their items (id, status; datetime; url and the page or an error)',
  // One request per server tool judged.
  owes: () => ({ own: 2 }),
  run: async (ctx) => {
    const probe = (tool: JudgedServerTool, input: string): Probe => ({
      method: 'POST',
      path: '/responses',
      body: { model: ctx.model, input, tools: [{ type: tool }], tool_choice: 'required', max_output_tokens: 256 },
    });
    const probes: Array<[JudgedServerTool, Probe]> = [
      ['gateway:datetime', probe('gateway:datetime', 'What time is it now?')],
      ['gateway:web_fetch', probe('gateway:web_fetch', 'Summarise https://example.com/ in one sentence.')],
    ];
    // Each answer's problems come apart by rule: the failure names the rules it breaks, so a
    // failure of the inferred rule alone (the required tool was not called) is advice.
    let broken: string[] = [];
    const outcome = await probeAll(
      ctx,
      probes.map(([, p]) => p),
      (exchange, p): Judgement => {
        const problems = serverToolProblems(exchange, probes.find(([, q]) => q === p)![0]);
        if ('inconclusive' in problems) return problems;
        broken = [...(problems.items.length > 0 ? ['result.server-tool-items'] : []), ...(problems.called.length > 0 ? ['result.server-tool-called'] : [])];
        return [...problems.items, ...problems.called];
      },
    );
    if (outcome.status === 'failed') return { ...outcome, rules: broken };
    return outcome.status === 'passed' && !outcome.reason ? { status: 'passed', probed: { examples: probes.length, rules: serverToolItems.rules } } : outcome;
  },
};
