import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest, onResponse } from '../../mutants/rewrite.ts';

/** Plausible bugs of the observability destinations (issue 38 item 7), one rule each. */

export const destinationUpdateIgnored: Mutant = {
  id: 'destination-update-ignored',
  breaks: 'issue 38: updating a destination answers 200 but changes nothing',
  rules: ['observability.crud'],
  caughtBy: 'observability.crud',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (request.method === 'PATCH' && request.url.pathname.includes('/observability/destinations/') && isObject(request.body)) delete request.body.name;
    }),
};

const ONE = /\/observability\/destinations\/[^/]+$/;

export const destinationDeleteIgnored: Mutant = {
  id: 'destination-delete-ignored',
  breaks: 'issue 38: deleting a destination answers 200 but it stays',
  rules: ['observability.crud'],
  caughtBy: 'observability.crud',
  wrap: (fetch) =>
    onResponse(
      // The delete goes to a destination that does not exist, and its 404 is answered as done.
      onRequest(fetch, (request) => {
        if (request.method === 'DELETE' && ONE.test(request.url.pathname))
          request.url.pathname = request.url.pathname.replace(ONE, '/observability/destinations/00000000-0000-4000-8000-00000000dead');
      }),
      (response, request) => {
        if (request.method === 'DELETE' && ONE.test(request.url.pathname) && response.status === 404) {
          response.status = 200;
          response.text = JSON.stringify({ deleted: true });
        }
      },
    ),
};

export const OBSERVABILITY_MUTANTS: readonly Mutant[] = [destinationUpdateIgnored, destinationDeleteIgnored];
