import type { StoredFile } from '../../files/stored-file.ts';
import type { FileProvider } from './request.ts';

/** Seconds-resolution ISO 8601 in UTC, as the reference's examples write `created_at`. */
const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * reference `FileResponse` in the shape `provider` negotiates: OpenRouter's (the default),
 * OpenAI's or Anthropic's. `downloadable` says whether GET /files/{id}/content serves it.
 */
export function fileBody(file: StoredFile, provider: FileProvider | undefined, downloadable: boolean): Record<string, unknown> {
  if (provider === 'openai') {
    return {
      _shape: 'openai',
      id: file.id,
      object: 'file',
      bytes: file.bytes.length,
      created_at: Math.floor(file.createdAt / 1000),
      filename: file.filename,
      purpose: 'user_data',
      status: 'processed',
    };
  }
  return {
    _shape: provider ?? 'openrouter',
    id: file.id,
    type: 'file',
    filename: file.filename,
    mime_type: file.mimeType,
    size_bytes: file.bytes.length,
    created_at: isoSeconds(file.createdAt),
    downloadable,
  };
}

/** One page of files: reference `FileListResponse` (`cursor` only in OpenRouter's shape, `object` only in OpenAI's). */
export function fileListBody(
  page: readonly StoredFile[],
  hasMore: boolean,
  provider: FileProvider | undefined,
  downloadable: boolean,
): Record<string, unknown> {
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  const common = { data: page.map((f) => fileBody(f, provider, downloadable)), first_id: first, last_id: last, has_more: hasMore };
  if (provider === 'openai') return { _shape: 'openai', object: 'list', ...common };
  if (provider === 'anthropic') return { _shape: 'anthropic', ...common };
  return { _shape: 'openrouter', ...common, cursor: hasMore && last ? encodeCursor(last) : null };
}

/** reference `FileDeleteResponse`. */
export function fileDeletedBody(id: string, provider: FileProvider | undefined): Record<string, unknown> {
  if (provider === 'openai') return { _shape: 'openai', id, object: 'file', deleted: true };
  return { _shape: provider ?? 'openrouter', id, type: 'file_deleted' };
}

/** The opaque cursor the reference's example shows: base64url of `{"cursor": <last id>}`. */
export function encodeCursor(lastId: string): string {
  return btoa(JSON.stringify({ cursor: lastId }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
