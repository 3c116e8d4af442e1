import { encodeBase64 } from '../bytes/encode-base64.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { FileStore } from '../files/file-store.ts';
import type { CanonicalRequest } from './canonical-request.ts';

type Part = Record<string, unknown>;

const isRecord = (value: unknown): value is Part => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A request whose `input_file` parts naming an uploaded file (`file_id`, docs/files.md) carry its
 * bytes inline instead, as `file_data` (a base64 data URL of its sniffed type) with its name:
 * everything downstream (the file-parser plugin, the prompt count) reads them as if the client
 * had sent the bytes. `referenced` counts them: an answer that depends on the file store is never
 * answered from the memo. A `file_id` the store does not hold (never uploaded, deleted, forgotten
 * by a reset) is the reference's 404 on every text surface.
 *
 * @example
 * storedFileInput({ ...request, input: [{ type: 'input_file', file_id: 'or_file_...' }] }, env.files).request;
 */
export function storedFileInput(request: CanonicalRequest, files: FileStore): { request: CanonicalRequest; referenced: number } {
  if (!Array.isArray(request.input)) return { request, referenced: 0 };
  let referenced = 0;
  const inline = (part: Part): Part => {
    if (part.type !== 'input_file' || typeof part.file_id !== 'string' || part.file_data !== undefined || part.file_url !== undefined) return part;
    const file = files.get(part.file_id);
    if (!file)
      throw new GatewayError(
        404,
        `File not found: ${JSON.stringify(part.file_id.slice(0, 256))} (an input_file's file_id must name an uploaded file: never uploaded, deleted, or forgotten by a control reset)`,
      );
    referenced++;
    return {
      ...part,
      filename: typeof part.filename === 'string' ? part.filename : file.filename,
      file_data: `data:${file.mimeType};base64,${encodeBase64(file.bytes)}`,
    };
  };
  const input = (request.input as unknown[]).map((item) => {
    if (!isRecord(item)) return item;
    const own = inline(item);
    return Array.isArray(own.content) ? { ...own, content: own.content.map((part: unknown) => (isRecord(part) ? inline(part) : part)) } : own;
  });
  return referenced === 0 ? { request, referenced } : { request: { ...request, input } as CanonicalRequest, referenced };
}
