import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import type { StoredFile } from '../../files/stored-file.ts';

/** A Content-Disposition naming the file, safe for any name (RFC 6266 `filename*`). */
function disposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The reference documents the content as `application/octet-stream` (the official SDK accepts no
 * other type): that, unless the request's Accept names the file's own type.
 */
function contentType(file: StoredFile, accept: string | null): string {
  const named = (accept ?? '').split(',').map((range) => range.split(';')[0]!.trim().toLowerCase());
  return named.includes(file.mimeType) ? file.mimeType : 'application/octet-stream';
}

/**
 * GET /files/{file_id}/content: the bytes exactly as uploaded. The
 * reference serves only files created server-side and answers 400 for uploads, which this
 * gateway does too unless it was started with `files: { uploadsDownloadable: true }`
 * (`--downloadable-uploads`), for tests that read an upload back (docs/files.md).
 */
export function fileContent(env: GatewayEnv, file: StoredFile, accept: string | null): Response {
  if (!env.files.uploadsDownloadable) {
    throw new GatewayError(
      400,
      `File ${file.id} was uploaded: only files created server-side are downloadable (start the gateway with files.uploadsDownloadable / --downloadable-uploads to read uploads back)`,
    );
  }
  const body = file.bytes.slice();
  return new Response(body, {
    status: 200,
    headers: { 'content-type': contentType(file, accept), 'content-length': String(body.length), 'content-disposition': disposition(file.filename) },
  });
}
