import { z } from 'zod';
import { KeyCreatedResponseSchema, KeyDataResponseSchema, KeyDeletedResponseSchema, KeysListResponseSchema } from '../../schemas/management-responses.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The keys operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'keys.list': {
      summary: 'List API keys',
      tag: 'API Keys',
      description:
        'Management key only. Keys of the keys file and keys created here, 100 a page in creation order; `offset` pages, `include_disabled=true` adds disabled keys, `workspace_id` filters (docs/management.md).',
      successStatus: 200,
      success: { 'application/json': 'KeysListResponse' },
      parameters: [
        { name: 'offset', in: 'query', description: 'Keys to skip.', schema: z.number().int().min(0) },
        { name: 'include_disabled', in: 'query', description: '`true` lists disabled keys too.', schema: z.enum(['true', 'false']) },
        { name: 'workspace_id', in: 'query', description: 'Only keys of this workspace (default: the default workspace).', schema: z.string() },
        ...SIMULATION_HEADERS,
      ],
    },
    'keys.create': {
      summary: 'Create an API key',
      tag: 'API Keys',
      description:
        'Management key only. Body: `name` (required), `limit`, `limit_reset` (daily, weekly, monthly), `include_byok_in_limit`, `expires_at` (UTC), `creator_user_id`, `workspace_id`. Answers 201 with the secret in `key`, shown once; the key authenticates at once.',
      successStatus: 201,
      success: { 'application/json': 'KeyCreatedResponse' },
      parameters: SIMULATION_HEADERS,
    },
    'keys.get': {
      summary: 'Get an API key',
      tag: 'API Keys',
      description: 'Management key only. The key with this SHA-256 hash, with its usage; 404 for none.',
      successStatus: 200,
      success: { 'application/json': 'KeyDataResponse' },
      parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
    },
    'keys.update': {
      summary: 'Update an API key',
      tag: 'API Keys',
      description: 'Management key only. Body: `name`, `disabled` (a disabled key answers 401), `limit`, `limit_reset`, `include_byok_in_limit`.',
      successStatus: 200,
      success: { 'application/json': 'KeyDataResponse' },
      parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
    },
    'keys.delete': {
      summary: 'Delete an API key',
      tag: 'API Keys',
      description: 'Management key only. A deleted key answers 401.',
      successStatus: 200,
      success: { 'application/json': 'KeyDeletedResponse' },
      parameters: [{ name: 'hash', in: 'path', required: true, description: "The key's hash.", schema: z.string() }, ...SIMULATION_HEADERS],
    },
  },
  components: {
    answers: {
      KeysListResponse: KeysListResponseSchema,
      KeyCreatedResponse: KeyCreatedResponseSchema,
      KeyDataResponse: KeyDataResponseSchema,
      KeyDeletedResponse: KeyDeletedResponseSchema,
    },
  },
};
