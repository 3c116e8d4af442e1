import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pcmWav } from './pcm-wav.ts';
import { parseWavHeader } from './wav-header.ts';

describe('parseWavHeader', () => {
  it('gives the real duration (data bytes / byte rate) of any PCM WAV', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(8000, 16000, 22050, 44100, 48000),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(8 as const, 16 as const),
        fc.integer({ min: 0, max: 3000 }),
        (sampleRate, channels, bitsPerSample, ms) => {
          const wav = pcmWav({ sampleRate, channels, bitsPerSample, seconds: ms / 1000 });
          const info = parseWavHeader(wav);
          if (typeof info === 'string') throw new Error(info);
          const frames = Math.round((ms / 1000) * sampleRate);
          expect(info.dataBytes).toBe(frames * channels * (bitsPerSample / 8));
          expect(info.byteRate).toBe(sampleRate * channels * (bitsPerSample / 8));
          expect(info.durationSeconds).toBeCloseTo(frames / sampleRate, 9);
        },
      ),
    );
  });

  it('skips unknown chunks (LIST) and honours odd-size padding', () => {
    const wav = pcmWav({ seconds: 0.5 });
    const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const out = new Uint8Array(wav.length + list.length);
    out.set(wav.subarray(0, 36));
    out.set(list, 36);
    out.set(wav.subarray(36), 36 + list.length);
    const info = parseWavHeader(out);
    expect(typeof info === 'string' ? info : info.durationSeconds).toBe(0.5);
  });

  it('names what is broken', () => {
    const wav = pcmWav({ seconds: 0.1 });
    expect(parseWavHeader(new TextEncoder().encode('hello world, not audio'))).toMatch(/RIFF\/WAVE/);
    const zeroRate = wav.slice();
    new DataView(zeroRate.buffer).setUint32(28, 0, true);
    expect(parseWavHeader(zeroRate)).toMatch(/byte rate 0/);
    const mismatch = wav.slice();
    new DataView(mismatch.buffer).setUint32(28, 1234, true);
    expect(parseWavHeader(mismatch)).toMatch(/byte rate 1234/);
    const noChannels = wav.slice();
    new DataView(noChannels.buffer).setUint16(22, 0, true);
    expect(parseWavHeader(noChannels)).toMatch(/0 channels/);
    expect(parseWavHeader(wav.subarray(0, 30))).toMatch(/fmt /);
    expect(parseWavHeader(wav.subarray(0, 36))).toMatch(/no "data" chunk/);
    expect(parseWavHeader(wav.subarray(0, 100))).toMatch(/declares 3200 bytes but 56 follow/);
  });

  it('reads the streaming placeholder size as "the rest of the file"', () => {
    const wav = pcmWav({ seconds: 0.25 });
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    const info = parseWavHeader(wav);
    expect(typeof info === 'string' ? info : info.durationSeconds).toBe(0.25);
  });
});
