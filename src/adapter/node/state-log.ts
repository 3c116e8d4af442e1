import { constants, type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { formatZodError } from '../../errors/format-zod-error.ts';
import { VideoJobRecordSchema, type VideoJobRecord } from '../../schemas/video-job-record.ts';
import type { VideoJobsChange, VideoJobsPersistence, VideoJobsSnapshot } from '../../videos/video-jobs.ts';
import type { ManagementChange, ManagementPersistence, ManagementSnapshot } from '../../management/management-change.ts';
import { createManagementMirror, type ManagementMirror } from './management-mirror.ts';
import type { FilesChange, FilesPersistence, FilesSnapshot } from '../../files/file-change.ts';
import { createFilesMirror, type FilesMirror } from './files-mirror.ts';
import { StateFileError } from './state-file-error.ts';
import { lockStateFile, type StateFileLock } from './state-file-lock.ts';

/** The first line of a state file: what it is, so a foreign file is never taken for one. */
const HEADER = { format: 'gatewaykit-state', version: 2 } as const;
const HEADER_LINE = `${JSON.stringify(HEADER)}\n`;
/** A line longer than this is not one this program wrote: the largest is an uploaded file of 100 MB in base64. */
const MAX_LINE_BYTES = 160 * 1024 * 1024;
/** Jobs written per slice while compacting: the event loop gets a turn between slices. */
const COMPACT_SLICE = 500;
/** The older one-document format is read whole: larger files are refused rather than loaded. */
const MAX_LEGACY_BYTES = 512 * 1024 * 1024;

export { StateFileError };

/** What was found on opening a state file. */
export interface StateLogOpened {
  /** The saved jobs and counters, or undefined for a new (or empty) file. */
  restore: VideoJobsSnapshot | undefined;
  /** The saved management records (keys, codes), or undefined when there are none. */
  management: ManagementSnapshot | undefined;
  /** The saved files, or undefined when there are none. */
  files: FilesSnapshot | undefined;
  /** The open log. */
  log: StateLog;
  /** What start-up repaired, e.g. a torn last record from a crash mid-write (for the log line). */
  repaired: string[];
}

/** The append-only log of video-job changes (docs/decisions/0014). */
export interface StateLog extends VideoJobsPersistence, ManagementPersistence, FilesPersistence {
  /** Lines and bytes in the file now, and compactions so far (for tests and the bench). */
  stats(): { lines: number; bytes: number; compactions: number };
  /** Resolves once every change saved so far is written (or failed), compactions included. */
  idle(): Promise<void>;
  /** Wait for pending writes, then close the file. */
  close(): Promise<void>;
}

/** The live jobs as the core holds them (a Map by id). */
type LiveJobs = ReadonlyMap<string, VideoJobRecord>;

type Line =
  | { job: unknown; seq: number; at: number; forget?: unknown }
  | { mgmt: unknown; seq: number; at: number }
  | { files: unknown; seq: number; at: number }
  | { seq: number; at: number; reset?: true };

/** Read the file in chunks and hand each complete line to `onLine` with its start offset. */
async function readLines(
  handle: FileHandle,
  file: string,
  onLine: (text: string, offset: number, lineNo: number) => void,
): Promise<{ end: number; tail: string }> {
  const chunk = Buffer.alloc(1 << 20);
  let carry = Buffer.alloc(0);
  let offset = 0; // file offset of carry[0]
  let position = 0;
  let lineNo = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    let data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      lineNo++;
      onLine(data.toString('utf8', start, nl), offset + start, lineNo);
      start = nl + 1;
    }
    offset += start;
    data = data.subarray(start);
    if (data.length > MAX_LINE_BYTES) throw new StateFileError(file, `line ${lineNo + 1} is longer than ${MAX_LINE_BYTES} bytes: not a gatewaykit state file`);
    carry = Buffer.from(data);
  }
  return { end: offset, tail: carry.toString('utf8') };
}

/**
 * Open (or create) the state file at `path`: replay it, validating every record, repair a torn
 * last record, and return the jobs with an open append-only log. Refuses, with a
 * {@link StateFileError} naming the file, the line and the problem, a file that is not a
 * gatewaykit state file or whose records are invalid, so a server never starts on state it would
 * misread. A state file of the older one-document format is read and rewritten as a log.
 *
 * @example
 * const { restore, log } = await openStateLog('state.log');
 * createGateway({ videoJobs: { restore, persistence: log } });
 */
export async function openStateLog(path: string): Promise<StateLogOpened> {
  mkdirSync(dirname(path), { recursive: true });
  // One owner per file, taken before anything is read or repaired: two writers lose accepted jobs.
  const lock = await lockStateFile(path);
  try {
    return await openLocked(path, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The first line of a state file: its header, in the version this gatewaykit reads. */
function checkHeaderLine(text: string, path: string): void {
  let header: unknown;
  try {
    header = JSON.parse(text);
  } catch {
    throw new StateFileError(path, 'not a gatewaykit state file (its first line is not the state-file header)');
  }
  const h = header as { format?: unknown; version?: unknown };
  if (h?.format !== HEADER.format) throw new StateFileError(path, 'not a gatewaykit state file (its first line is not the state-file header)');
  if (h.version !== HEADER.version)
    throw new StateFileError(path, `state-file version ${String(h.version)} is not supported (this gatewaykit reads version ${HEADER.version})`);
}

async function openLocked(path: string, lock: StateFileLock): Promise<StateLogOpened> {
  removeStaleTemps(path);
  const repaired: string[] = lock.tookOver ? [lock.tookOver] : [];
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND, 0o644);
  } catch (error) {
    throw new StateFileError(path, `cannot open (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const jobs = new Map<string, VideoJobRecord>();
  const mirror = createManagementMirror();
  const filesMirror = createFilesMirror();
  let seq = 0;
  let at = 0;
  let lines = 0;
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(Math.min(size, 64));
    if (head.length > 0) await handle.read(head, 0, head.length, 0);
    const headText = head.toString('utf8');
    if (size > 0 && !headText.startsWith('{"format"')) {
      // Not a log: the older one-document format, or a foreign file.
      if (!headText.trimStart().startsWith('{')) throw new StateFileError(path, 'not a gatewaykit state file (its first line is not the state-file header)');
      if (size > MAX_LEGACY_BYTES)
        throw new StateFileError(path, `not a gatewaykit state file (a one-document state file is at most ${MAX_LEGACY_BYTES} bytes)`);
      const legacy = readLegacy(path, (await handle.readFile()).toString('utf8'));
      // Rewritten as a log at once (the compaction path), so appends go to a log.
      for (const job of legacy.jobs) jobs.set(job.id, job as VideoJobRecord);
      await handle.close();
      const written = await writeCompacted(path, jobs.values(), legacy.seq, legacy.saved_at, [], []);
      repaired.push(`converted the one-document state format to a log (${jobs.size} jobs)`);
      handle = await open(path, constants.O_RDWR | constants.O_APPEND);
      const log = createLog(
        path,
        handle,
        lock,
        { lines: written.lines, bytes: written.bytes, seq: legacy.seq, at: legacy.saved_at },
        createManagementMirror(),
        createFilesMirror(),
      );
      return { restore: legacy, management: undefined, files: undefined, log, repaired };
    }
    let goodEnd = 0;
    let firstProblem: { lineNo: number; problem: string; offset: number } | undefined;
    const { end, tail } = await readLines(handle, path, (text, offset, lineNo) => {
      if (firstProblem) {
        // Only the last record may be torn; a bad record followed by good ones is corruption.
        if (text.trim() !== '') throw new StateFileError(path, `line ${firstProblem.lineNo}: ${firstProblem.problem}`);
        return;
      }
      if (lineNo === 1) {
        checkHeaderLine(text, path);
        goodEnd = offset + Buffer.byteLength(text) + 1;
        lines = 1;
        return;
      }
      const problem = applyLine(text, jobs, mirror, filesMirror, (s, a) => {
        seq = s;
        at = Math.max(at, a);
      });
      if (problem) {
        firstProblem = { lineNo, problem, offset };
        return;
      }
      goodEnd = offset + Buffer.byteLength(text) + 1;
      lines++;
    });
    if (size === 0 || (lines === 0 && end === 0 && tail === '')) {
      await handle.truncate(0);
      await writeAll(handle, HEADER_LINE);
      await handle.datasync();
      await syncDirectory(path);
      return {
        restore: undefined,
        management: undefined,
        files: undefined,
        log: createLog(path, handle, lock, { lines: 1, bytes: HEADER_LINE.length, seq: 0, at: 0 }, mirror, filesMirror),
        repaired,
      };
    }
    if (lines === 0) throw new StateFileError(path, 'not a gatewaykit state file (its first line is not the state-file header)');
    if (firstProblem || tail !== '') {
      // A torn last record: a write cut short by a crash or a full disk. It was never acknowledged
      // (202 comes after the sync), so dropping it loses nothing that was accepted.
      const dropped = size - goodEnd;
      await handle.truncate(goodEnd);
      await handle.datasync();
      repaired.push(`dropped a torn last record (${dropped} bytes at offset ${goodEnd}: ${firstProblem?.problem ?? 'no line end'})`);
    }
    const log = createLog(path, handle, lock, { lines, bytes: goodEnd, seq, at }, mirror, filesMirror);
    const restore = lines > 1 || jobs.size > 0 ? { version: 1 as const, saved_at: at, seq, jobs: [...jobs.values()] } : undefined;
    return { restore, management: mirror.snapshot(), files: filesMirror.snapshot(), log, repaired };
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (error instanceof StateFileError) throw error;
    throw new StateFileError(path, `cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** Apply one record line to the replayed state; the problem when it is not a valid record. */
function applyLine(
  text: string,
  jobs: Map<string, VideoJobRecord>,
  mirror: ManagementMirror,
  filesMirror: FilesMirror,
  counters: (seq: number, at: number) => void,
): string | undefined {
  let line: Line;
  try {
    line = JSON.parse(text) as Line;
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  if (typeof line !== 'object' || line === null) return 'not a state record';
  const { seq, at } = line as { seq?: unknown; at?: unknown };
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) return `seq: must be a whole number >= 0 (got ${JSON.stringify(seq)})`;
  if (typeof at !== 'number' || !Number.isFinite(at)) return `at: must be a clock reading in ms (got ${JSON.stringify(at)})`;
  if ('job' in line) {
    const parsed = VideoJobRecordSchema.safeParse(line.job);
    if (!parsed.success) return `job: ${formatZodError(parsed.error)}`;
    if (parsed.data.seq >= seq) return `seq: ${seq} must be greater than the job's own seq ${parsed.data.seq}`;
    const forget = (line as { forget?: unknown }).forget;
    if (forget !== undefined && !(Array.isArray(forget) && forget.every((id) => typeof id === 'string'))) return 'forget: must be a list of job ids';
    // Jobs evicted to make room for this one (the job-count bound, docs/videos.md).
    for (const id of (forget as string[] | undefined) ?? []) jobs.delete(id);
    jobs.set(parsed.data.id, parsed.data);
  } else if ('mgmt' in line) {
    // A change of the management plane (keys, authorization codes): validated, then applied.
    const problem = mirror.apply(line.mgmt);
    if (problem) return `mgmt: ${problem}`;
  } else if ('files' in line) {
    // A change of the uploaded files (docs/files.md): validated, then applied.
    const problem = filesMirror.apply(line.files);
    if (problem) return `files: ${problem}`;
  } else if ((line as { reset?: unknown }).reset === true) jobs.clear();
  counters(seq, at);
  return undefined;
}

/** The older format: one JSON document `{version: 1, videos: {...}}`, validated as strictly. */
function readLegacy(path: string, text: string): VideoJobsSnapshot {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `not valid JSON (${(error as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || (doc as { version?: unknown }).version !== 1 || typeof (doc as { videos?: unknown }).videos !== 'object') {
    throw new StateFileError(path, 'not a gatewaykit state file (neither the state-file header nor the one-document format {"version": 1, "videos": ...})');
  }
  const videos = (doc as { videos?: unknown }).videos as Partial<VideoJobsSnapshot> | undefined;
  if (typeof videos !== 'object' || videos === null || !Array.isArray(videos.jobs)) throw new StateFileError(path, 'videos.jobs: expected a list of jobs');
  if (typeof videos.seq !== 'number' || !Number.isInteger(videos.seq) || videos.seq < 0)
    throw new StateFileError(path, `videos.seq: must be a whole number >= 0 (got ${JSON.stringify(videos.seq)})`);
  if (typeof videos.saved_at !== 'number' || !Number.isFinite(videos.saved_at))
    throw new StateFileError(path, 'videos.saved_at: must be a clock reading in ms');
  const jobs: VideoJobRecord[] = [];
  videos.jobs.forEach((job, i) => {
    const parsed = VideoJobRecordSchema.safeParse(job);
    if (!parsed.success) throw new StateFileError(path, `videos.jobs[${i}]: ${formatZodError(parsed.error)}`);
    if (parsed.data.seq >= (videos.seq as number))
      throw new StateFileError(path, `videos.seq: ${videos.seq} must be greater than every job's seq (videos.jobs[${i}] has ${parsed.data.seq})`);
    jobs.push(parsed.data);
  });
  return { version: 1, saved_at: videos.saved_at, seq: videos.seq, jobs };
}

/** Remove compaction files a crash left next to `path` (they are never the live state). */
function removeStaleTemps(path: string): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.compact-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) void unlink(join(dir, name)).catch(() => undefined);
  }
}

/**
 * Write all of `text`, or throw. One write(2) may write part of it without an error (a disk that
 * fills up mid-write), and a line reported written but cut short was a job answered 202 and then
 * dropped as a torn record on restart: the rest is written until done, and a write that makes no
 * progress is an error.
 */
async function writeAll(handle: FileHandle, text: string): Promise<void> {
  const first = await handle.write(text);
  const length = Buffer.byteLength(text);
  if (first.bytesWritten >= length) return;
  const bytes = Buffer.from(text);
  for (let offset = first.bytesWritten; offset < length;) {
    const { bytesWritten } = await handle.write(bytes, offset, length - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
    offset += bytesWritten;
  }
}

/** fsync the directory, so a created or renamed file's name is durable too. */
async function syncDirectory(path: string): Promise<void> {
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Write the live jobs as a fresh log beside `path`, sync it, and rename it over `path`. */
async function writeCompacted(
  path: string,
  live: Iterable<VideoJobRecord>,
  seq: number,
  at: number,
  management: Iterable<ManagementChange>,
  files: Iterable<FilesChange>,
): Promise<{ lines: number; bytes: number }> {
  const temp = `${path}.compact-${process.pid}.tmp`;
  const out = await open(temp, 'w', 0o644);
  let lines = 1;
  let bytes = 0;
  try {
    await writeAll(out, HEADER_LINE);
    bytes += HEADER_LINE.length;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const text = batch.join('');
      batch = [];
      await writeAll(out, text);
      bytes += Buffer.byteLength(text);
    };
    for (const job of live) {
      batch.push(`${JSON.stringify({ job, seq, at })}\n`);
      lines++;
      if (batch.length >= COMPACT_SLICE) await flush();
    }
    for (const change of management) {
      batch.push(`${JSON.stringify({ mgmt: change, seq, at })}\n`);
      lines++;
      if (batch.length >= COMPACT_SLICE) await flush();
    }
    for (const change of files) {
      batch.push(`${JSON.stringify({ files: change, seq, at })}\n`);
      lines++;
      // A file line may be large: each is written on its own.
      if (change.kind === 'put') await flush();
    }
    const meta = `${JSON.stringify({ seq, at })}\n`;
    batch.push(meta);
    lines++;
    await flush();
    await out.datasync();
    await out.close();
    await rename(temp, path);
    await syncDirectory(path);
    return { lines, bytes };
  } catch (error) {
    await out.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

interface Pending {
  text: string;
  /** The job record it saves, if any (forgotten again if the save fails). */
  job?: VideoJobRecord;
  /** Jobs it evicts (remembered again if the save fails). */
  forget?: readonly string[];
  /** Undoes a management change in the mirror if the save fails. */
  undo?: () => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** What the writer of one open state file holds between changes. */
interface LogState {
  readonly path: string;
  handle: FileHandle;
  lines: number;
  bytes: number;
  compactions: number;
  live: LiveJobs | undefined;
  lastSeq: number;
  lastAt: number;
  /**
   * The records saved since the last compaction, by id (references, not copies). The core adds a
   * job to its live map only once its save resolved, so a compaction running right then must
   * still write it; and the saved record is the newest one for its id.
   */
  recent: Map<string, VideoJobRecord>;
  /**
   * Jobs evicted since the last compaction began: the core forgets them only once their record is
   * written, so a compaction running right then must leave them out itself.
   */
  forgotten: Set<string>;
  queue: Pending[];
  running: Promise<void> | undefined;
  closed: boolean;
  readonly mirror: ManagementMirror;
  readonly filesMirror: FilesMirror;
}

/** A failed batch: whatever part reached the file is cut back (the earlier records stay intact), and each change is undone and refused. */
async function refuseBatch(state: LogState, batch: readonly Pending[], error: unknown): Promise<void> {
  await state.handle.truncate(state.bytes).catch(() => undefined);
  const problem = new Error((error as NodeJS.ErrnoException).code ?? (error as Error).message);
  for (const p of batch) {
    if (p.job && state.recent.get(p.job.id) === p.job) state.recent.delete(p.job.id);
    for (const id of p.forget ?? []) state.forgotten.delete(id);
    p.undo?.();
    p.reject(problem);
  }
}

/** Write every queued line in one write and one fdatasync per batch; compact once dead records dominate. */
async function flush(state: LogState): Promise<void> {
  while (state.queue.length > 0) {
    const batch = state.queue;
    state.queue = [];
    const text = batch.map((p) => p.text).join('');
    try {
      await writeAll(state.handle, text);
      await state.handle.datasync();
      state.bytes += Buffer.byteLength(text);
      state.lines += batch.length;
      for (const p of batch) p.resolve();
    } catch (error) {
      await refuseBatch(state, batch, error);
      continue;
    }
    const { live, lines, mirror, filesMirror } = state;
    if (live && lines > 1000 && lines > 2 * (live.size + mirror.size() + filesMirror.size() + 3)) await compact(state);
  }
}

/** Rewrite the file from the live jobs and mirrors; on failure the old log stays whole and is tried again later. */
async function compact(state: LogState): Promise<void> {
  if (!state.live) return;
  const source = state.live;
  const saved = state.recent;
  const gone = state.forgotten;
  state.recent = new Map();
  state.forgotten = new Set();
  const kept = (id: string) => !gone.has(id) && !state.forgotten.has(id);
  const records = function* () {
    for (const job of source.values()) if (kept(job.id)) yield saved.get(job.id) ?? job;
    for (const [id, job] of saved) if (!source.has(id) && kept(id)) yield job;
  };
  try {
    const written = await writeCompacted(state.path, records(), state.lastSeq, state.lastAt, state.mirror.changes(), state.filesMirror.changes());
    const next = await open(state.path, constants.O_RDWR | constants.O_APPEND);
    await state.handle.close().catch(() => undefined);
    state.handle = next;
    state.lines = written.lines;
    state.bytes = written.bytes;
    state.compactions++;
  } catch {
    for (const [id, job] of saved) if (!state.recent.has(id)) state.recent.set(id, job);
    for (const id of gone) state.forgotten.add(id);
  }
}

/** Queue a line; the writer runs until the queue is empty (one flush at a time). */
function enqueue(state: LogState, pending: Omit<Pending, 'resolve' | 'reject'>): Promise<void> {
  if (state.closed) return Promise.reject(new Error('the state file is closed'));
  return new Promise<void>((resolve, reject) => {
    state.queue.push({ ...pending, resolve, reject });
    kick(state);
  });
}

function kick(state: LogState): void {
  state.running ??= flush(state).finally(() => {
    state.running = undefined;
    if (state.queue.length > 0) kick(state);
  });
}

/** A video-jobs change as its line, serialised now (the record may change in memory before the write happens). */
function videoChangeLine(state: LogState, change: VideoJobsChange): Omit<Pending, 'resolve' | 'reject'> {
  if (change.kind === 'job') {
    const text = `${JSON.stringify({ job: change.job, seq: change.seq, at: change.at, ...(change.forget ? { forget: change.forget } : {}) })}\n`;
    // An evicted job must not come back with the next compaction.
    for (const id of change.forget ?? []) {
      state.recent.delete(id);
      state.forgotten.add(id);
    }
    state.recent.set(change.job.id, change.job);
    return { text, job: change.job, ...(change.forget ? { forget: change.forget } : {}) };
  }
  if (change.kind === 'reset') {
    state.recent.clear();
    state.forgotten.clear();
    return { text: `${JSON.stringify({ seq: change.seq, at: change.at, reset: true })}\n` };
  }
  return { text: `${JSON.stringify({ seq: change.seq, at: change.at })}\n` };
}

/**
 * The writer: changes are queued, and each flush writes every queued line in one write and one
 * fdatasync (group commit), so a burst of submissions costs one sync, not one each. A failed
 * write is cut back to the last good length, so the file never keeps half a record between
 * good ones. After enough dead records (more than the live jobs, and at least 1,000), the file
 * is rewritten from the live jobs (amortised O(1) per change).
 */
function createLog(
  path: string,
  initial: FileHandle,
  lock: StateFileLock,
  start: { lines: number; bytes: number; seq: number; at: number },
  mirror: ManagementMirror,
  filesMirror: FilesMirror,
): StateLog {
  const state: LogState = {
    path,
    handle: initial,
    lines: start.lines,
    bytes: start.bytes,
    compactions: 0,
    live: undefined,
    lastSeq: start.seq,
    lastAt: start.at,
    recent: new Map(),
    forgotten: new Set(),
    queue: [],
    running: undefined,
    closed: false,
    mirror,
    filesMirror,
  };
  return {
    save(change: VideoJobsChange) {
      if (state.closed) return Promise.reject(new Error('the state file is closed'));
      state.lastSeq = change.seq;
      state.lastAt = Math.max(state.lastAt, change.at);
      return enqueue(state, videoChangeLine(state, change));
    },
    saveManagement(change: ManagementChange) {
      if (state.closed) return Promise.reject(new Error('the state file is closed'));
      // The mirror is what a compaction writes: it takes the change now, and gives it back if the write fails.
      const text = `${JSON.stringify({ mgmt: change, seq: state.lastSeq, at: state.lastAt })}\n`;
      return enqueue(state, { text, undo: mirror.take(change) });
    },
    saveFiles(change: FilesChange) {
      if (state.closed) return Promise.reject(new Error('the state file is closed'));
      // As for the management plane: the mirror takes the change now and gives it back if the write fails.
      const text = `${JSON.stringify({ files: change, seq: state.lastSeq, at: state.lastAt })}\n`;
      return enqueue(state, { text, undo: filesMirror.take(change) });
    },
    attach(fn) {
      state.live = fn;
    },
    stats: () => ({ lines: state.lines, bytes: state.bytes, compactions: state.compactions }),
    async idle() {
      while (state.running) await state.running;
    },
    async close() {
      state.closed = true;
      while (state.running) await state.running;
      await state.handle.close().catch(() => undefined);
      await lock.release();
    },
  };
}
