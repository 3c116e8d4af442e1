import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import type { NewFile } from '../../files/file-store.ts';
import { ACCEPTED_FILE_TYPES, sniffFileType } from '../../files/sniff-file-type.ts';
import { parseMultipartFormData } from '../../http/parse-multipart-form-data.ts';
import type { RequestContext } from '../../http/route.ts';

/** Room for the multipart framing and small fields (`purpose`) around the file's bytes. */
export const UPLOAD_OVERHEAD_BYTES = 64 * 1024;
/** A file name longer than this is not a name (hostile input). */
const MAX_FILENAME_CHARS = 1024;

/** The body limit of POST /files: the largest file plus its framing. */
export const uploadBodyLimit = (env: GatewayEnv) => env.files.bounds.maxFileBytes + UPLOAD_OVERHEAD_BYTES;

const tooLarge = (env: GatewayEnv, size?: number) =>
  new GatewayError(413, `file: ${size === undefined ? 'the upload' : `${size} bytes`} exceeds the ${env.files.bounds.maxFileBytes}-byte upload limit`);

async function body(ctx: RequestContext): Promise<Uint8Array> {
  try {
    return await ctx.bytes(uploadBodyLimit(ctx.env));
  } catch (error) {
    if (error instanceof GatewayError && error.status === 413) throw tooLarge(ctx.env);
    throw error;
  }
}

/**
 * The file of a POST /files body (reference uploadFile: `multipart/form-data` with a `file` part;
 * other fields, such as OpenAI's `purpose`, are allowed and ignored). The type is sniffed from
 * the bytes; an empty file, or one of no accepted type, is a 400; a file past the bound a 413.
 */
export async function readUpload(ctx: RequestContext, workspaceId: string): Promise<NewFile> {
  const contentType = ctx.request.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') {
    throw new GatewayError(400, `Content-Type must be multipart/form-data with a "file" part (got ${JSON.stringify(contentType || '(none)')})`);
  }
  const form = parseMultipartFormData(await body(ctx), contentType);
  if (!form.ok) throw new GatewayError(400, `Malformed multipart/form-data body: ${form.error}`);
  const files = form.entries.filter((e) => e.name === 'file');
  if (files.length !== 1)
    throw new GatewayError(
      400,
      `file: ${files.length === 0 ? 'required (a multipart file part named "file")' : `given ${files.length} times (exactly one file)`}`,
    );
  const part = files[0]!;
  if (part.kind !== 'file') throw new GatewayError(400, 'file: must be a file part (with a filename), not a text field');
  if (part.bytes.length === 0) throw new GatewayError(400, 'file: the file is empty (empty files are rejected)');
  if (part.bytes.length > ctx.env.files.bounds.maxFileBytes) throw tooLarge(ctx.env, part.bytes.length);
  if (part.filename.length > MAX_FILENAME_CHARS)
    throw new GatewayError(400, `file: the file name has ${part.filename.length} characters (at most ${MAX_FILENAME_CHARS})`);
  const mimeType = sniffFileType(part.bytes);
  if (!mimeType)
    throw new GatewayError(400, `file: unsupported file type (judged from the contents, not the name or declared type): must be ${ACCEPTED_FILE_TYPES}`);
  return { workspaceId, filename: part.filename || 'file', mimeType, bytes: part.bytes };
}
