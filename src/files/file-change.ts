import type { PersistedFile } from './stored-file.ts';

/** One change to the stored files, as a persistence layer receives it (in order). */
export type FilesChange =
  | { kind: 'put'; file: PersistedFile; seq: number }
  /** `seq` keeps the upload counter past a deleted last file, so its id is never made again. */
  | { kind: 'delete'; id: string; seq: number }
  /** Control reset: every file forgotten. */
  | { kind: 'reset'; seq: number };

/** What a state file holds of the files. */
export interface FilesSnapshot {
  /** The next upload number. */
  seq: number;
  files: PersistedFile[];
}

/**
 * Where files are kept beyond the process (the state file of `gatewaykit serve --state-file`): an
 * upload or a delete is answered only once `saveFiles` resolved (503 if it rejects).
 */
export interface FilesPersistence {
  saveFiles(change: FilesChange): Promise<void>;
}
