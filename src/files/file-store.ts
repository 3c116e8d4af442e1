import type { Clock } from '../clock/clock.ts';
import { decodeBase64 } from '../bytes/decode-base64.ts';
import { encodeBase64 } from '../bytes/encode-base64.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { seededRandom } from '../random/seeded-random.ts';
import type { FilesChange, FilesPersistence, FilesSnapshot } from './file-change.ts';
import { fileId } from './file-id.ts';
import type { PersistedFile, StoredFile } from './stored-file.ts';

/** The reference's upload limit (uploadFile: "Maximum file size: 100 MB"). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** How much the file store keeps (hostile input: every dimension is bounded; 413 past any). */
export interface FileBounds {
  /** Bytes of one file (default and most: the reference's 100 MB). */
  maxFileBytes: number;
  /** Files at most, across workspaces (default 1,000). */
  maxFiles: number;
  /** Bytes of all files together (default 256 MiB). */
  maxTotalBytes: number;
}

export const DEFAULT_FILE_BOUNDS: FileBounds = { maxFileBytes: MAX_FILE_BYTES, maxFiles: 1_000, maxTotalBytes: 256 * 1024 * 1024 };

export interface FileStoreOptions {
  clock: Clock;
  seed: number;
  bounds?: Partial<FileBounds>;
  restore?: FilesSnapshot;
  persistence?: FilesPersistence;
  /** Serve uploads from GET /files/{id}/content (the reference serves only server-made files; default false). */
  uploadsDownloadable?: boolean;
}

/** A new file as an upload gives it. */
export interface NewFile {
  workspaceId: string;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** The uploaded files of one gateway (`/files`), by id in upload order. */
export interface FileStore {
  readonly bounds: FileBounds;
  /** Whether GET /files/{id}/content serves uploads (their `downloadable`). */
  readonly uploadsDownloadable: boolean;
  /** Save and keep a new file: 413 past a bound, 503 when the state file refuses it. */
  add(file: NewFile): Promise<StoredFile>;
  get(id: string): StoredFile | undefined;
  /** Forget a file (saved first); false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Every file, in upload (= id) order. */
  all(): IterableIterator<StoredFile>;
  counts(): { files: number; bytes: number };
  snapshot(): FilesSnapshot;
  /** Control reset: every file forgotten, ids start over. */
  reset(): void;
}

const persisted = (f: StoredFile): PersistedFile => ({
  id: f.id,
  seq: f.seq,
  workspace_id: f.workspaceId,
  filename: f.filename,
  mime_type: f.mimeType,
  created_at: f.createdAt,
  data: encodeBase64(f.bytes),
});

function fromPersisted(p: PersistedFile): StoredFile {
  return {
    id: p.id,
    seq: p.seq,
    workspaceId: p.workspace_id,
    filename: p.filename,
    mimeType: p.mime_type,
    createdAt: p.created_at,
    bytes: decodeBase64(p.data) ?? new Uint8Array(),
  };
}

function checkBounds(bounds: FileBounds): FileBounds {
  for (const [name, value] of Object.entries(bounds))
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`files.bounds.${name}: must be a whole number >= 1 (got ${value})`);
  if (bounds.maxFileBytes > MAX_FILE_BYTES)
    throw new TypeError(`files.bounds.maxFileBytes: at most the reference's ${MAX_FILE_BYTES} bytes (got ${bounds.maxFileBytes})`);
  return bounds;
}

/**
 * @example
 * const store = createFileStore({ clock, seed: 0 });
 * const file = await store.add({ workspaceId, filename: 'a.txt', mimeType: 'text/plain', bytes });
 * store.get(file.id)?.bytes; // the same bytes
 */
export function createFileStore(options: FileStoreOptions): FileStore {
  const bounds = checkBounds({ ...DEFAULT_FILE_BOUNDS, ...options.bounds });
  const files = new Map<string, StoredFile>();
  let seq = 0;
  let totalBytes = 0;
  // A change that started before a control reset is dropped when it lands after it.
  let epoch = 0;
  const save = async (change: FilesChange) => {
    try {
      await options.persistence?.saveFiles(change);
    } catch (error) {
      throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
    }
  };
  const keep = (file: StoredFile) => {
    files.set(file.id, file);
    totalBytes += file.bytes.length;
  };

  function refuseOverBounds(size: number): void {
    if (size > bounds.maxFileBytes) throw new GatewayError(413, `file: ${size} bytes exceeds the ${bounds.maxFileBytes}-byte upload limit`);
    if (files.size >= bounds.maxFiles) throw new GatewayError(413, `file storage is full: at most ${bounds.maxFiles} files are kept (delete some first)`);
    if (totalBytes + size > bounds.maxTotalBytes)
      throw new GatewayError(413, `file storage is full: ${totalBytes} of ${bounds.maxTotalBytes} bytes used, and this file has ${size} (delete some first)`);
  }

  async function add(file: NewFile): Promise<StoredFile> {
    refuseOverBounds(file.bytes.length);
    const current = epoch;
    const n = seq++;
    const stored: StoredFile = { ...file, id: fileId(n, seededRandom(options.seed, 'file', String(n))), seq: n, createdAt: options.clock.now() };
    await save({ kind: 'put', file: persisted(stored), seq });
    if (current === epoch) {
      // Another upload may have filled the store while this one was being saved.
      if (files.size >= bounds.maxFiles || totalBytes + stored.bytes.length > bounds.maxTotalBytes) {
        await save({ kind: 'delete', id: stored.id, seq });
        refuseOverBounds(stored.bytes.length);
      }
      keep(stored);
    }
    return stored;
  }

  async function remove(id: string): Promise<boolean> {
    const file = files.get(id);
    if (!file) return false;
    const current = epoch;
    await save({ kind: 'delete', id, seq });
    if (current === epoch && files.delete(id)) totalBytes -= file.bytes.length;
    return true;
  }

  for (const p of [...(options.restore?.files ?? [])].sort((a, b) => a.seq - b.seq)) keep(fromPersisted(p));
  seq = Math.max(options.restore?.seq ?? 0, ...[...files.values()].map((f) => f.seq + 1));
  return {
    bounds,
    uploadsDownloadable: options.uploadsDownloadable ?? false,
    add,
    get: (id) => files.get(id),
    remove,
    all: () => files.values(),
    counts: () => ({ files: files.size, bytes: totalBytes }),
    snapshot: () => ({ seq, files: [...files.values()].map(persisted) }),
    reset() {
      epoch++;
      files.clear();
      totalBytes = 0;
      seq = 0;
      void save({ kind: 'reset', seq }).catch(() => undefined);
    },
  };
}
