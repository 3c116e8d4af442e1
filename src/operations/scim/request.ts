import { z } from 'zod';

/** reference CreateScimGroupMappingRequest. */
export const CreateMappingRequestSchema = z.object({ scim_group_id: z.uuid(), workspace_id: z.uuid(), role: z.enum(['admin', 'member']) });
/** reference UpdateScimGroupMappingRequest. */
export const UpdateMappingRequestSchema = z.object({ role: z.enum(['admin', 'member']) });
/** reference deleteScimGroupMapping `keep_members`: required, no default (omitting it is a 400). */
export const DeleteMappingQuerySchema = z.object({ keep_members: z.enum(['true', 'false'], { error: 'keep_members: required, "true" or "false"' }) });
