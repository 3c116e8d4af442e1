import { z } from 'zod';
import { formatZodError } from '../../errors/format-zod-error.ts';
import type { FilesChange, FilesSnapshot } from '../../files/file-change.ts';
import { PersistedFileSchema, type PersistedFile } from '../../files/stored-file.ts';

const Seq = z.number().int().min(0);
const ChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('put'), file: PersistedFileSchema, seq: Seq }),
  z.strictObject({ kind: z.literal('delete'), id: z.string(), seq: Seq }),
  z.strictObject({ kind: z.literal('reset'), seq: Seq }),
]);

/**
 * The uploaded files as the state file holds them: replayed from its lines on start-up, kept up
 * to date by every save, and written whole by a compaction (docs/files.md).
 */
export interface FilesMirror {
  /** Apply a replayed line's change; the problem when it is not a valid change. */
  apply(change: unknown): string | undefined;
  /** Apply a change being saved; returns what undoes it (the save failed). */
  take(change: FilesChange): () => void;
  /** The live files as changes (what a compaction writes): the upload counter, then each file. */
  changes(): Iterable<FilesChange>;
  size(): number;
  snapshot(): FilesSnapshot | undefined;
}

export function createFilesMirror(): FilesMirror {
  let files = new Map<string, PersistedFile>();
  let seq = 0;
  let seen = false;
  const take = (change: FilesChange): (() => void) => {
    seen = true;
    const before = { files, seq };
    files = new Map(files);
    if (change.kind === 'reset') {
      files.clear();
      seq = change.seq;
    } else {
      seq = Math.max(seq, change.seq);
      if (change.kind === 'put') files.set(change.file.id, change.file);
      else files.delete(change.id);
    }
    return () => {
      ({ files, seq } = before);
    };
  };
  return {
    apply(raw) {
      const parsed = ChangeSchema.safeParse(raw);
      if (!parsed.success) return formatZodError(parsed.error);
      take(parsed.data);
      return undefined;
    },
    take,
    *changes() {
      if (!seen) return;
      yield { kind: 'reset', seq };
      for (const file of files.values()) yield { kind: 'put', file, seq };
    },
    size: () => files.size,
    snapshot: () => (seen ? { seq, files: [...files.values()] } : undefined),
  };
}
