import type { Endpoint, Operation } from '../operation.ts';

// The statuses the reference lists for each operation (X-Gatewaykit-Fault may force them); 403
// (no management key) is the dispatcher's for every one of them.
const LIST = [400, 401, 403, 500] as const;
const CREATE = [400, 401, 403, 500] as const;
const ONE = [401, 403, 404, 500] as const;
const CHANGE = [400, 401, 403, 404, 500] as const;

const endpoint = (
  method: Endpoint['method'],
  path: string,
  id: string,
  referenceId: string,
  summary: string,
  faults: readonly number[],
  body = false,
): Endpoint => ({
  method,
  path,
  id,
  referenceId,
  summary,
  auth: 'management',
  faults,
  ...(body ? { maxBodyBytes: MAX_BODY_BYTES } : {}),
});

/** A guardrail body is small: a name, a few lists (bounded), a few flags. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The reference's Guardrails operations (management key only): CRUD, bulk key and member
 * assignments, and the two global assignment listings. An assigned guardrail changes inference
 * for the keys it governs (docs/guardrails.md).
 */
export const guardrailsOperation: Operation = {
  name: 'guardrails',
  endpoints: [
    endpoint('GET', '/guardrails', 'guardrails.list', 'listGuardrails', 'List guardrails (paged by offset and limit)', LIST),
    endpoint('POST', '/guardrails', 'guardrails.create', 'createGuardrail', 'Create a guardrail', CREATE, true),
    endpoint('GET', '/guardrails/assignments/keys', 'guardrails.key-assignments', 'listKeyAssignments', 'List every key assignment', [401, 403, 500]),
    endpoint(
      'GET',
      '/guardrails/assignments/members',
      'guardrails.member-assignments',
      'listMemberAssignments',
      'List every member assignment',
      [401, 403, 500],
    ),
    endpoint('GET', '/guardrails/:id', 'guardrails.get', 'getGuardrail', 'Get a guardrail', ONE),
    endpoint('PATCH', '/guardrails/:id', 'guardrails.update', 'updateGuardrail', 'Update a guardrail', CHANGE, true),
    endpoint('DELETE', '/guardrails/:id', 'guardrails.delete', 'deleteGuardrail', 'Delete a guardrail and its assignments', ONE),
    endpoint('GET', '/guardrails/:id/assignments/keys', 'guardrails.keys.list', 'listGuardrailKeyAssignments', "List a guardrail's key assignments", ONE),
    endpoint(
      'POST',
      '/guardrails/:id/assignments/keys',
      'guardrails.keys.assign',
      'bulkAssignKeysToGuardrail',
      'Assign keys to a guardrail in bulk',
      CHANGE,
      true,
    ),
    endpoint(
      'POST',
      '/guardrails/:id/assignments/keys/remove',
      'guardrails.keys.unassign',
      'bulkUnassignKeysFromGuardrail',
      'Unassign keys from a guardrail in bulk',
      CHANGE,
      true,
    ),
    endpoint(
      'GET',
      '/guardrails/:id/assignments/members',
      'guardrails.members.list',
      'listGuardrailMemberAssignments',
      "List a guardrail's member assignments",
      ONE,
    ),
    endpoint(
      'POST',
      '/guardrails/:id/assignments/members',
      'guardrails.members.assign',
      'bulkAssignMembersToGuardrail',
      'Assign organization members to a guardrail in bulk',
      CHANGE,
      true,
    ),
    endpoint(
      'POST',
      '/guardrails/:id/assignments/members/remove',
      'guardrails.members.unassign',
      'bulkUnassignMembersFromGuardrail',
      'Unassign organization members from a guardrail in bulk',
      CHANGE,
      true,
    ),
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
