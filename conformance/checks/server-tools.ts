import type { Check } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { serverToolProblems, type JudgedServerTool } from '../oracles/server-tool-problems.ts';
import { probeAll } from '../property/probe-all.ts';

/**
 * Server tools (spec 2.4.1; reference server-tool output items): the gateway runs a required
 * `gateway:datetime` or `gateway:web_fetch` call and reports it as its reference item.
 */
export const serverToolItems: Check = {
  id: 'result.server-tool-items',
  spec: 'spec 2.4.1 (reference OutputDatetimeItem, OutputWebFetchServerToolItem)',
  rules: ['result.server-tool-items', 'result.server-tool-called'],
  title: 'gateway:datetime and gateway:web_fetch, required, answer with their items (id, status; datetime; url and the page or an error)',
  run: (ctx) => {
    const probe = (tool: JudgedServerTool, input: string): Probe => ({
      method: 'POST',
      path: '/responses',
      body: { model: ctx.model, input, tools: [{ type: tool }], tool_choice: 'required', max_output_tokens: 256 },
    });
    const probes: Array<[JudgedServerTool, Probe]> = [
      ['gateway:datetime', probe('gateway:datetime', 'What time is it now?')],
      ['gateway:web_fetch', probe('gateway:web_fetch', 'Summarise https://example.com/ in one sentence.')],
    ];
    return probeAll(
      ctx,
      probes.map(([, p]) => p),
      (exchange, p) => serverToolProblems(exchange, probes.find(([, q]) => q === p)![0]),
    );
  },
};
