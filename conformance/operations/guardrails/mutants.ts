import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of guardrails on inference (issue 38 item 3), one rule each. */

export const guardrailRulesDropped: Mutant = {
  id: 'guardrail-rules-dropped',
  breaks: 'issue 38: a guardrail is saved without its model rules, so an assigned guardrail blocks nothing',
  rules: ['management.guardrail-assignment'],
  caughtBy: 'guardrails.assignment-blocks',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (request.method === 'POST' && request.url.pathname.endsWith('/guardrails') && isObject(request.body)) {
        delete request.body.ignored_models;
        delete request.body.allowed_models;
      }
    }),
};

export const guardrailUnassignIgnored: Mutant = {
  id: 'guardrail-unassign-ignored',
  breaks: 'issue 38: unassigning a key answers 200 but the guardrail keeps governing it',
  rules: ['management.guardrail-assignment'],
  caughtBy: 'guardrails.assignment-blocks',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (request.method === 'POST' && request.url.pathname.endsWith('/assignments/keys/remove') && isObject(request.body))
        request.body.key_hashes = ['0'.repeat(64)];
    }),
};

export const GUARDRAIL_MUTANTS: readonly Mutant[] = [guardrailRulesDropped, guardrailUnassignIgnored];
