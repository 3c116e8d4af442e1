/**
 * Audio format names `input_audio.format` may carry (reference `STTInputAudio.format`: "wav, mp3,
 * flac, m4a, ogg, webm, aac"; plus the OpenAI upload names mp4, mpeg, mpga and opus).
 */
export const AUDIO_FORMATS = ['wav', 'mp3', 'mpeg', 'mpga', 'flac', 'm4a', 'mp4', 'ogg', 'opus', 'webm', 'aac'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

const ALIASES: Record<string, AudioFormat> = { wave: 'wav', oga: 'ogg', weba: 'webm' };

/**
 * The canonical format for a name (case-insensitive, a few aliases), or undefined when unknown.
 *
 * @example
 * normalizeAudioFormat('WAV'); // 'wav'
 * normalizeAudioFormat('midi'); // undefined
 */
export function normalizeAudioFormat(name: string): AudioFormat | undefined {
  const n = name.trim().toLowerCase();
  if ((AUDIO_FORMATS as readonly string[]).includes(n)) return n as AudioFormat;
  return ALIASES[n];
}

/** Format from a file name's extension (`talk.WAV` -> `wav`), or undefined. */
export function formatFromFileName(fileName: string): AudioFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot === fileName.length - 1) return undefined;
  return normalizeAudioFormat(fileName.slice(dot + 1));
}

const CONTENT_TYPES: Record<string, AudioFormat> = {
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpga': 'mpga',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/aac': 'aac',
  'audio/x-aac': 'aac',
};

/** Format from a part's content type (`audio/x-wav; codecs=1` -> `wav`), or undefined. */
export function formatFromContentType(contentType: string): AudioFormat | undefined {
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return CONTENT_TYPES[mime];
}

/**
 * Reference multipart `file`: "The format is derived from the filename extension or the file part
 * content type". The extension wins because browsers often send `application/octet-stream`.
 */
export function formatOfUpload(fileName: string, contentType: string): AudioFormat | undefined {
  return formatFromFileName(fileName) ?? formatFromContentType(contentType);
}
