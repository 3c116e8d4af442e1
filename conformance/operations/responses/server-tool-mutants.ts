import type { Mutant } from '../../mutants/mutant.ts';
import { onJson } from '../../mutants/rewrite.ts';

/** Gateways that get server tools wrong: the "accepted and have no effect", and an item missing its reference member. */

type Json = Record<string, unknown>;
const onOutput =
  (change: (output: Json[]) => Json[]): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json) => {
      if (json.object === 'response' && Array.isArray(json.output)) json.output = change(json.output as Json[]);
    });

export const serverToolsIgnored: Mutant = {
  id: 'server-tools-ignored',
  breaks: 'spec 2.4.1: gateway: server tools are accepted and never run (no server-tool items)',
  caughtBy: 'result.server-tool-items',
  wrap: onOutput((output) => output.filter((item) => typeof item.type !== 'string' || !item.type.startsWith('gateway:'))),
};

export const webFetchItemWithoutUrl: Mutant = {
  id: 'web-fetch-item-without-url',
  breaks: 'reference OutputWebFetchServerToolItem: the gateway:web_fetch item does not say which URL it fetched',
  caughtBy: 'result.server-tool-items',
  wrap: onOutput((output) => output.map((item) => (item.type === 'gateway:web_fetch' ? (({ url: _url, ...rest }) => rest)(item) : item))),
};

export const SERVER_TOOL_MUTANTS: readonly Mutant[] = [serverToolsIgnored, webFetchItemWithoutUrl];
