import { z } from 'zod';

/** An id a filter compares with is at most this long (the reference sets no bound; hostile input needs one). */
export const MAX_FILTER_CHARS = 256;

const Id = z.string().min(1).max(MAX_FILTER_CHARS);

/** reference getUserActivity query parameters. */
export const ActivityQuerySchema = z.object({
  /** "Filter by a single UTC date in the last 30 days (YYYY-MM-DD format)": the window is checked by the handler. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC date in the format YYYY-MM-DD')
    .optional(),
  api_key_hash: Id.optional(),
  user_id: Id.optional(),
  workspace_id: Id.optional(),
  group_by: z.enum(['workspace']).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
