import { decodeBase64 } from '../../bytes/decode-base64.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { StoredFile } from '../../files/stored-file.ts';
import { DEFAULT_FILES_PAGE, type ListFilesQuery } from './request.ts';

/** The id a `cursor` names (the last id of the page it came with), or the 400. */
function cursorId(cursor: string): string {
  const bytes = decodeBase64(cursor);
  let id: unknown;
  try {
    id = bytes && (JSON.parse(new TextDecoder().decode(bytes)) as { cursor?: unknown }).cursor;
  } catch {
    id = undefined;
  }
  if (typeof id !== 'string') throw new GatewayError(400, 'cursor: not a cursor this gateway gave (pass the `cursor` of the previous page as it is)');
  return id;
}

/** The id the listing starts after: one of the three forward cursors, at most one given. */
function afterId(query: ListFilesQuery): string | undefined {
  const given = (['cursor', 'after', 'after_id'] as const).filter((name) => query[name] !== undefined);
  if (given.length > 1) throw new GatewayError(400, `${given.join(', ')}: give one forward cursor, not ${given.length}`);
  return query.cursor !== undefined ? cursorId(query.cursor) : (query.after ?? query.after_id);
}

/**
 * One page of GET /files: the workspace's files after the cursor, in upload order. Ids sort in
 * upload order (files/file-id.ts), so a cursor naming a file deleted since still pages on.
 */
export function listPage(files: Iterable<StoredFile>, workspaceId: string, query: ListFilesQuery): { page: StoredFile[]; hasMore: boolean } {
  const after = afterId(query);
  const limit = query.limit ?? DEFAULT_FILES_PAGE;
  const page: StoredFile[] = [];
  for (const file of files) {
    if (file.workspaceId !== workspaceId || (after !== undefined && file.id <= after)) continue;
    if (page.length === limit) return { page, hasMore: true };
    page.push(file);
  }
  return { page, hasMore: false };
}
