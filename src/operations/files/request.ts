import { z } from 'zod';

/** reference `FileProvider`: the storage asked for, which also picks the answer's shape. */
export const FileProviderSchema = z.enum(['openai', 'anthropic']);
export type FileProvider = z.infer<typeof FileProviderSchema>;

/** Files per page of GET /files when `limit` is not given (the reference's example limit). */
export const DEFAULT_FILES_PAGE = 100;

/** The query every files endpoint takes (reference: `workspace_id`, `provider`). */
export const FileScopeQuerySchema = z.object({
  workspace_id: z.uuid().optional(),
  provider: FileProviderSchema.optional(),
});
export type FileScopeQuery = z.infer<typeof FileScopeQuerySchema>;

const FileIdSchema = z.string().min(1).max(256);

/** reference listFiles query: `limit` (1-1000), three forward cursors, `before_id` and `order` as far as OpenRouter storage supports them. */
export const ListFilesQuerySchema = FileScopeQuerySchema.extend({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 1000').max(1000, 'must be a whole number from 1 to 1000'))
    .optional(),
  cursor: z.string().min(1).max(1024).optional(),
  after: FileIdSchema.optional(),
  after_id: FileIdSchema.optional(),
  // reference: "Not supported by OpenRouter storage" / "Only `asc` is supported by OpenRouter storage".
  before_id: z.never({ error: 'not supported by OpenRouter storage (page forward with cursor, after or after_id)' }).optional(),
  order: z.literal('asc', { error: 'only "asc" is supported by OpenRouter storage' }).optional(),
});
export type ListFilesQuery = z.infer<typeof ListFilesQuerySchema>;
