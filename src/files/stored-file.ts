import { z } from 'zod';

/** One uploaded file as a gateway keeps it (reference `OpenRouterFile`, plus its bytes). */
export interface StoredFile {
  /** `or_file_` + 24 characters that sort in upload order (the reference's example id has this form). */
  readonly id: string;
  /** Upload number since start or control reset: the id's sortable prefix. */
  readonly seq: number;
  readonly workspaceId: string;
  readonly filename: string;
  /** What the content is (sniffed from the bytes, as the reference's uploadFile describes). */
  readonly mimeType: string;
  /** Gateway clock (ms) at upload. */
  readonly createdAt: number;
  readonly bytes: Uint8Array;
}

/** A file as a state-file line holds it: the bytes in base64. */
export const PersistedFileSchema = z.strictObject({
  id: z.string().regex(/^or_file_[0-9A-Za-z]{24}$/),
  seq: z.number().int().min(0),
  workspace_id: z.string().min(1),
  filename: z.string(),
  mime_type: z.string().min(1),
  created_at: z.number().finite(),
  data: z.string(),
});
export type PersistedFile = z.infer<typeof PersistedFileSchema>;
