export interface PcmWavOptions {
  /** Samples per second per channel. Default 16000 (speech). */
  sampleRate?: number;
  /** Default 1. */
  channels?: number;
  /** 8 or 16. Default 16. */
  bitsPerSample?: 8 | 16;
  /** Length of the audio. */
  seconds: number;
  /** Tone frequency in Hz (a sine, so the bytes are real audio). Default 440. */
  frequency?: number;
}

/**
 * Encode a PCM WAV file (RIFF/WAVE with `fmt ` and `data` chunks) holding a sine tone: real audio
 * bytes for tests, examples and conformance checks of POST /audio/transcriptions.
 *
 * @example
 * const wav = pcmWav({ seconds: 1.5 }); // 16 kHz mono 16-bit, 48044 bytes
 * const body = { model: 'openai/whisper-large-v3', input_audio: { data: btoa(String.fromCharCode(...wav)), format: 'wav' } };
 */
export function pcmWav(options: PcmWavOptions): Uint8Array {
  const sampleRate = options.sampleRate ?? 16_000;
  const channels = options.channels ?? 1;
  const bits = options.bitsPerSample ?? 16;
  const blockAlign = channels * (bits / 8);
  const frames = Math.round(options.seconds * sampleRate);
  const dataBytes = frames * blockAlign;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  const w = (2 * Math.PI * (options.frequency ?? 440)) / sampleRate;
  for (let f = 0; f < frames; f++) {
    const v = Math.sin(w * f) * 0.5;
    for (let c = 0; c < channels; c++) {
      const at = 44 + f * blockAlign + c * (bits / 8);
      if (bits === 16) view.setInt16(at, Math.round(v * 32767), true);
      else view.setUint8(at, Math.round(128 + v * 127));
    }
  }
  return out;
}

/** node's Buffer, when there is one (found without importing `node:buffer`: the core also runs in browsers). */
type BufferLike = { from(data: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string } };

/**
 * Base64 of bytes: through node's Buffer where there is one (node 20's `btoa` is a loop in
 * JavaScript, about thirty times slower on an image or a recording), else with `btoa`.
 *
 * @example
 * bytesToBase64(new Uint8Array([82, 73, 70, 70])); // 'UklGRg=='
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const buffer = (globalThis as { Buffer?: BufferLike }).Buffer;
  if (buffer) return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}
