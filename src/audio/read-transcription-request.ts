import { z } from 'zod';
import { GatewayError } from '../errors/gateway-error.ts';
import { isJsonContentType } from '../http/read-body.ts';
import { parseMultipartFormData, type FormEntry } from '../http/parse-multipart-form-data.ts';
import type { RequestContext } from '../http/route.ts';
import {
  TimestampGranularitySchema,
  TranscriptionRequestSchema,
  TranscriptionResponseFormatSchema,
  type TimestampGranularity,
  type TranscriptionResponseFormat,
} from '../schemas/audio-transcription.ts';
import { normalizeAudioFormat, formatOfUpload, AUDIO_FORMATS, type AudioFormat } from './audio-format.ts';
import { decodeBase64 } from '../bytes/decode-base64.ts';
import { ISO_639_1 } from './language-name.ts';
import { validRequest } from '../validation/parse-request.ts';
import { MULTIPART_OVERHEAD_BYTES, transcriptionJsonLimit } from './transcription-body-limits.ts';

/**
 * Reference multipart `file`: "Max 25 MB; send larger files as base64 JSON via input_audio".
 * Read as MiB, as OpenAI's upload limit it mirrors.
 */
export const MULTIPART_FILE_LIMIT_BYTES = 25 * 1024 * 1024;
/** A transcription request, whichever body it came in. */
export interface TranscriptionCall {
  readonly source: 'json' | 'multipart';
  readonly model: string;
  readonly audio: Uint8Array;
  readonly format: AudioFormat;
  /** The field to name in errors about the audio (`input_audio.data` or `file`). */
  readonly audioField: 'input_audio' | 'file';
  readonly language: string | undefined;
  readonly responseFormat: TranscriptionResponseFormat;
  readonly granularities: readonly TimestampGranularity[];
  readonly temperature: number | undefined;
}

const formatList = AUDIO_FORMATS.join(', ');

function checkLanguage(language: string | undefined, field: string): string | undefined {
  if (language === undefined) return undefined;
  if (!ISO_639_1.test(language)) throw new GatewayError(400, `${field}: must be an ISO-639-1 code of two letters, e.g. "en" (got ${JSON.stringify(language)})`);
  return language.toLowerCase();
}

/** The fields both body kinds share, with their defaults (reference STTRequest). */
function transcriptionCall(
  source: TranscriptionCall['source'],
  audioField: TranscriptionCall['audioField'],
  req: {
    model: string;
    language?: string | undefined;
    response_format?: TranscriptionCall['responseFormat'] | undefined;
    timestamp_granularities?: TranscriptionCall['granularities'] | undefined;
    temperature?: number | undefined;
  },
  audio: Uint8Array,
  format: AudioFormat,
): TranscriptionCall {
  return {
    source,
    model: req.model,
    audio,
    format,
    audioField,
    language: checkLanguage(req.language, 'language'),
    responseFormat: req.response_format ?? 'json',
    granularities: req.timestamp_granularities ?? [],
    temperature: req.temperature,
  };
}

function fromJson(body: unknown): TranscriptionCall {
  const req = validRequest(TranscriptionRequestSchema, body);
  const format = normalizeAudioFormat(req.input_audio.format);
  if (!format) {
    throw new GatewayError(400, `input_audio.format: unknown audio format ${JSON.stringify(req.input_audio.format)} (one of ${formatList})`);
  }
  if (/^data:/i.test(req.input_audio.data)) {
    throw new GatewayError(400, 'input_audio.data: must be raw base64 bytes, not a data URI');
  }
  const audio = decodeBase64(req.input_audio.data);
  if (!audio) throw new GatewayError(400, 'input_audio.data: not valid base64');
  if (audio.length === 0) throw new GatewayError(400, 'input_audio.data: the audio is empty (0 bytes)');
  return transcriptionCall('json', 'input_audio', req, audio, format);
}

/** The non-file form fields, validated with the same rules as the JSON body. */
const FormFieldsSchema = z.object({
  model: z.string().min(1),
  language: z.string().optional(),
  response_format: TranscriptionResponseFormatSchema.optional(),
  temperature: z.number().optional(),
  timestamp_granularities: z.array(TimestampGranularitySchema).optional(),
});

/** Every entry of the form named `name`, in body order. */
function named(entries: readonly FormEntry[], name: string): FormEntry[] {
  return entries.filter((e) => e.name === name);
}

function single(entries: readonly FormEntry[], name: string): string | undefined {
  const values = named(entries, name);
  if (values.length === 0) return undefined;
  if (values.length > 1) throw new GatewayError(400, `${name}: given ${values.length} times (at most once)`);
  const v = values[0]!;
  if (v.kind !== 'field') throw new GatewayError(400, `${name}: must be a text field, not a file`);
  return v.value;
}

async function fromMultipart(ctx: RequestContext, contentType: string): Promise<TranscriptionCall> {
  let bytes: Uint8Array;
  try {
    bytes = await ctx.bytes(ctx.env.maxUploadBytes + MULTIPART_OVERHEAD_BYTES);
  } catch (e) {
    if (e instanceof GatewayError && e.status === 413) {
      throw new GatewayError(
        413,
        `Payload too large: a multipart upload may carry at most ${ctx.env.maxUploadBytes} bytes of audio${ctx.env.maxUploadBytes === MULTIPART_FILE_LIMIT_BYTES ? ' (25 MB)' : ''} (--max-upload-bytes); send larger files as base64 JSON via input_audio`,
      );
    }
    throw e;
  }
  const form = parseMultipartFormData(bytes, contentType);
  if (!form.ok) throw new GatewayError(400, `Malformed multipart/form-data body: ${form.error}`);
  const entries = form.entries;
  const files = named(entries, 'file');
  if (files.length === 0) throw new GatewayError(400, 'file: required (a multipart file part named "file")');
  if (files.length > 1) throw new GatewayError(400, `file: given ${files.length} times (exactly one file)`);
  const f = files[0]!;
  if (f.kind !== 'file') throw new GatewayError(400, 'file: must be a file part (with a filename), not a text field');
  if (f.bytes.length > ctx.env.maxUploadBytes) {
    throw new GatewayError(
      413,
      `file: ${f.bytes.length} bytes exceeds the ${ctx.env.maxUploadBytes}-byte${ctx.env.maxUploadBytes === MULTIPART_FILE_LIMIT_BYTES ? ' (25 MB)' : ''} upload limit (--max-upload-bytes); send larger files as base64 JSON via input_audio`,
    );
  }
  const format = formatOfUpload(f.filename, f.type);
  if (!format) {
    throw new GatewayError(
      400,
      `file: cannot tell the audio format from the file name ${JSON.stringify(f.filename)} or the part content type ${JSON.stringify(f.type || '(none)')} (one of ${formatList})`,
    );
  }
  const audio = f.bytes;
  if (audio.length === 0) throw new GatewayError(400, 'file: the audio is empty (0 bytes)');

  const temperatureText = single(entries, 'temperature');
  const temperature = temperatureText === undefined ? undefined : Number(temperatureText);
  if (temperatureText !== undefined && (temperatureText.trim() === '' || !Number.isFinite(temperature))) {
    throw new GatewayError(400, `temperature: expected number, got ${JSON.stringify(temperatureText)}`);
  }
  // OpenAI clients send `timestamp_granularities[]`; accept the bare name too.
  const grainEntries = [...named(entries, 'timestamp_granularities[]'), ...named(entries, 'timestamp_granularities')];
  const grains = grainEntries.flatMap((g) => (g.kind === 'field' ? [g.value] : []));
  if (grains.length < grainEntries.length) throw new GatewayError(400, 'timestamp_granularities[]: must be text fields');
  const fields = {
    model: single(entries, 'model'),
    language: single(entries, 'language'),
    response_format: single(entries, 'response_format'),
    temperature,
    timestamp_granularities: grains.length > 0 ? grains : undefined,
  };
  const req = validRequest(FormFieldsSchema, fields);
  return transcriptionCall('multipart', 'file', req, audio, format);
}

/**
 * Read POST /audio/transcriptions in either body the reference allows: JSON (`STTRequest`, base64
 * `input_audio`) or `multipart/form-data` (a `file` part, spec 4.4). Every problem is a
 * GatewayError naming the field: 400 for bad input, 413 past the size limits (while reading).
 *
 * @example
 * const call = await readTranscriptionRequest(ctx);
 * call.format; // 'wav'
 */
export async function readTranscriptionRequest(ctx: RequestContext): Promise<TranscriptionCall> {
  const contentType = ctx.request.headers.get('content-type');
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== null && mime === 'multipart/form-data') return fromMultipart(ctx, contentType);
  if (!isJsonContentType(contentType)) {
    throw new GatewayError(400, `Content-Type must be application/json or multipart/form-data (got "${contentType}")`);
  }
  // The JSON body's own limit (--max-body-bytes, and no more than the largest model's file in base64).
  await ctx.bytes(transcriptionJsonLimit(ctx.env));
  return fromJson(await ctx.json());
}
