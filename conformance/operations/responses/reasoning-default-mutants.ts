import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest } from '../../mutants/rewrite.ts';

/** Gateways that do not reason as the catalogue says: the "no reasoning unless asked", and reasoning that cannot be switched off. */

const responsesOnly =
  (change: (body: Record<string, unknown>) => void): Mutant['wrap'] =>
  (fetch) =>
    onRequest(fetch, (request) => {
      if (request.method === 'POST' && request.url.pathname.endsWith('/responses') && isObject(request.body)) change(request.body);
    });

export const reasoningOnlyWhenAsked: Mutant = {
  id: 'reasoning-only-when-asked',
  breaks: 'reference /models reasoning.default_enabled: a model listed as reasoning by default does not reason unless the request asks',
  caughtBy: 'result.reasoning-default',
  wrap: responsesOnly((b) => {
    if (b.reasoning === undefined) b.reasoning = { enabled: false };
  }),
};

export const reasoningCannotBeSwitchedOff: Mutant = {
  id: 'reasoning-cannot-be-switched-off',
  breaks: 'reference Reasoning.enabled: reasoning.enabled false is ignored and the model reasons anyway',
  caughtBy: 'result.reasoning-default',
  wrap: responsesOnly((b) => {
    if (isObject(b.reasoning) && b.reasoning.enabled === false) delete b.reasoning;
  }),
};

export const REASONING_DEFAULT_MUTANTS: readonly Mutant[] = [reasoningOnlyWhenAsked, reasoningCannotBeSwitchedOff];
