import { z } from 'zod';

/** reference `OpenRouterFile` (and `AnthropicFile`, the same members with its own `_shape`). */
const FileMembers = {
  id: z.string(),
  type: z.literal('file'),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  downloadable: z.boolean(),
};
export const OpenRouterFileSchema = z.object({ _shape: z.literal('openrouter'), ...FileMembers });
export const AnthropicFileSchema = z.object({ _shape: z.literal('anthropic'), ...FileMembers });
/** reference `OpenAIFile`. */
export const OpenAIFileSchema = z.object({
  _shape: z.literal('openai'),
  id: z.string(),
  object: z.literal('file'),
  bytes: z.number().int(),
  created_at: z.number().int(),
  filename: z.string(),
  purpose: z.literal('user_data'),
  status: z.literal('processed'),
});
/** reference `FileResponse`: the shape negotiated by the `provider` query parameter. */
export const FileResponseSchema = z.discriminatedUnion('_shape', [OpenRouterFileSchema, OpenAIFileSchema, AnthropicFileSchema]);

const PageMembers = { first_id: z.string().nullable(), last_id: z.string().nullable(), has_more: z.boolean() };
/** reference `FileListResponse`. */
export const FileListResponseSchema = z.discriminatedUnion('_shape', [
  z.object({ _shape: z.literal('openrouter'), data: z.array(OpenRouterFileSchema), cursor: z.string().nullable(), ...PageMembers }),
  z.object({ _shape: z.literal('openai'), object: z.literal('list'), data: z.array(OpenAIFileSchema), ...PageMembers }),
  z.object({ _shape: z.literal('anthropic'), data: z.array(AnthropicFileSchema), ...PageMembers }),
]);
/** reference `FileDeleteResponse`. */
export const FileDeleteResponseSchema = z.discriminatedUnion('_shape', [
  z.object({ _shape: z.literal('openrouter'), id: z.string(), type: z.literal('file_deleted') }),
  z.object({ _shape: z.literal('openai'), id: z.string(), object: z.literal('file'), deleted: z.literal(true) }),
  z.object({ _shape: z.literal('anthropic'), id: z.string(), type: z.literal('file_deleted') }),
]);
