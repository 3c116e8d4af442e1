import type * as Zlib from 'node:zlib';

/**
 * A body decoded as fetch decodes it (codings applied last first); an unknown coding, a HEAD, a 204
 * and a 304 leave it as sent. A broken body or a corrupt coding ends the decoded stream with its error.
 */
export function decodedBody(
  response: NodeJS.ReadableStream,
  contentEncoding: string | undefined,
  status: number,
  method: string,
  zlib: typeof import('node:zlib'),
): AsyncIterable<Uint8Array> {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0 || method === 'HEAD' || [204, 304].includes(status)) return response as AsyncIterable<Uint8Array>;
  const decoders: Zlib.Gunzip[] = [];
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip')
      decoders.push(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    else if (coding === 'deflate') decoders.push(zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    else if (coding === 'br')
      decoders.push(zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
    else return response as AsyncIterable<Uint8Array>;
  }
  let last: NodeJS.ReadableStream = response;
  for (const decoder of decoders) last = last.pipe(decoder);
  // pipe() does not forward errors: a broken body or a corrupt coding ends the last stream with it.
  for (const s of [response, ...decoders]) s.once('error', (error) => (last as Zlib.Gunzip).destroy(error));
  return last as Zlib.Gunzip;
}
