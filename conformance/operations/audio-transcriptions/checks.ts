import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import { bytesToBase64, pcmWav } from '../../../src/audio/pcm-wav.ts';
import { concatBytes } from '../../../src/bytes/concat-bytes.ts';
import { TranscriptionResponseSchema } from '../../../src/schemas/audio-transcription.ts';
import type { Check, Problems } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import { probeAll } from '../../property/probe-all.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

/** The reference STTRequest example's model. */
export const SPEECH_MODEL = 'openai/whisper-large-v3';
const PATH = '/audio/transcriptions';

/**
 * Two seconds of 8 kHz 8-bit WAV as base64 (21 KB), made once: every probe of the audio checks
 * carries it. The duration is what the JSON check judges; telephone quality keeps each probe a
 * quarter of the size of 16 kHz 16-bit audio, bytes both sides would copy and hash for no rule.
 */
let wavBase64: string | undefined;
const validBody = () => {
  wavBase64 ??= bytesToBase64(pcmWav({ seconds: 2, sampleRate: 8000, bitsPerSample: 8 }));
  return { model: SPEECH_MODEL, input_audio: { data: wavBase64, format: 'wav' } };
};

/**
 * reference STTResponse: shape, and (unless `seconds` is undefined) `usage.seconds` within 0.1 s
 * (+5%) of the real duration. The duration is the JSON check's rule; the multipart check judges
 * only that the upload is served as a transcription, so one fault is not counted twice.
 */
function transcriptionProblems(exchange: Exchange, seconds: number | undefined): Problems {
  if (exchange.status !== 200) return [`expected HTTP 200 for a valid transcription, got ${exchange.status}: ${exchange.text.slice(0, 160)}`];
  const parsed = parseOnce(TranscriptionResponseSchema, exchangeJson(exchange));
  if (!parsed.success) return schemaProblems('reference STTResponse', parsed.error);
  const usage = parsed.data.usage;
  const problems: string[] = [];
  if (seconds !== undefined && usage?.seconds !== undefined && Math.abs(usage.seconds - seconds) > 0.1 + seconds * 0.05) {
    problems.push(`reference STTUsage: seconds ${usage.seconds} is not the audio's duration (${seconds} s)`);
  }
  if (
    usage?.total_tokens !== undefined &&
    usage.input_tokens !== undefined &&
    usage.output_tokens !== undefined &&
    usage.total_tokens !== usage.input_tokens + usage.output_tokens
  ) {
    problems.push(`reference STTUsage: total_tokens ${usage.total_tokens} != input_tokens + output_tokens`);
  }
  return problems;
}

/** spec 5.2: no key, no transcription. */
export const transcriptionsAuth: Check = {
  id: 'audio.transcriptions-auth',
  rules: ['audio.auth'],
  spec: 'spec 4.4, 5.2',
  title: 'POST /audio/transcriptions without a key, or with a wrong one, gets 401 with the envelope',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  // No key, and a wrong one.
  owes: () => ({ own: 2 }),
  run: (ctx) =>
    probeAll(
      ctx,
      [
        { method: 'POST', path: PATH, auth: 'none', body: validBody() },
        { method: 'POST', path: PATH, auth: { header: 'Bearer sk-gw-not-a-key' }, body: validBody() },
      ],
      expectError(401),
    ),
};

/** reference STTRequest rules, each broken alone: 400 with the envelope. */
export const transcriptionsValidation = boundaryRuleCheck({
  id: 'audio.transcriptions-validation',
  rules: ['audio.request-rules'],
  spec: 'spec 4.4, 7 (reference STTRequest)',
  title:
    'POST /audio/transcriptions rejects a missing model or input_audio, undecodable or empty audio, an unknown format, a bad response_format or timestamp granularity with 400',
  path: PATH,
  violating: () => {
    const base = validBody();
    const notBase64 = stringMatching(/^[A-Za-z0-9]{0,12}[!@#$%^&*()~][A-Za-z0-9]{0,12}$/);
    return fc.oneof(
      fc.constant({ input_audio: base.input_audio }),
      fc.constant({ model: SPEECH_MODEL }),
      notBase64.map((data) => ({ ...base, input_audio: { data, format: 'wav' } })),
      fc.constant({ ...base, input_audio: { data: '', format: 'wav' } }),
      stringMatching(/^[a-z]{2,6}$/)
        .filter((f) => !['wav', 'wave', 'mp3', 'mpeg', 'mpga', 'flac', 'm4a', 'mp4', 'ogg', 'oga', 'opus', 'webm', 'weba', 'aac'].includes(f))
        .map((format) => ({ ...base, input_audio: { ...base.input_audio, format } })),
      stringMatching(/^[a-z_]{1,12}$/)
        .filter((f) => f !== 'json' && f !== 'verbose_json')
        .map((response_format) => ({ ...base, response_format })),
      stringMatching(/^[a-z]{1,8}$/)
        .filter((g) => g !== 'word' && g !== 'segment')
        .map((g) => ({ ...base, timestamp_granularities: [g] })),
    );
  },
});

/** A model the gateway has that does not transcribe is refused; it must never be served. */
export const transcriptionsNonSpeechModel: Check = {
  id: 'audio.transcriptions-non-speech-model',
  exclusive: false,
  rules: ['audio.non-speech-model'],
  spec: 'spec 4.4, 7',
  title: 'POST /audio/transcriptions with a text model id is refused (400 or 404) with the envelope',
  run: (ctx) => probeAll(ctx, [{ method: 'POST', path: PATH, body: { ...validBody(), model: ctx.model } }], expectError([400, 404])),
};

/** A real WAV as base64 JSON: the reference STTResponse with the WAV's real duration. */
export const transcriptionsJson: Check = {
  id: 'audio.transcriptions-json',
  exclusive: false,
  rules: ['audio.json-transcription'],
  spec: 'spec 4.4 (reference STTResponse)',
  title: 'POST /audio/transcriptions with a base64 WAV answers {text, usage} with usage.seconds = the WAV duration',
  run: (ctx) => probeAll(ctx, [{ method: 'POST', path: PATH, body: validBody() }], (exchange) => transcriptionProblems(exchange, 2)),
};

/** spec 4.4: "the request body also accepts multipart/form-data". */
export const transcriptionsMultipart: Check = {
  id: 'audio.transcriptions-multipart',
  exclusive: false,
  rules: ['audio.multipart'],
  spec: 'spec 4.4 (reference multipart file)',
  title: 'POST /audio/transcriptions accepts a multipart/form-data upload (file + model)',
  run: (ctx) => {
    const seconds = 1.5;
    const wav = pcmWav({ seconds, sampleRate: 8000, bitsPerSample: 8 });
    const boundary = 'gatewaykit-conformance-boundary';
    const text = (t: string) => new TextEncoder().encode(t);
    const body = concatBytes([
      text(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${SPEECH_MODEL}\r\n`),
      text(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="speech.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      wav,
      text(`\r\n--${boundary}--\r\n`),
    ]);
    // Binary (the WAV header holds NUL bytes): sent as bytes, shown elided, written to a file by the curl.
    const probe: Probe = {
      method: 'POST',
      path: PATH,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      bodyBase64: bytesToBase64(body),
    };
    return probeAll(ctx, [probe], (exchange) => transcriptionProblems(exchange, undefined));
  },
};

export const AUDIO_CHECKS: readonly Check[] = [
  transcriptionsAuth,
  transcriptionsValidation,
  transcriptionsNonSpeechModel,
  transcriptionsJson,
  transcriptionsMultipart,
];
