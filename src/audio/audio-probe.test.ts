import { describe, expect, it } from 'vitest';
import { NOMINAL_BITRATES, probeAudio } from './audio-probe.ts';
import { formatFromContentType, formatFromFileName, formatOfUpload, normalizeAudioFormat } from './audio-format.ts';
import { pcmWav } from './pcm-wav.ts';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('probeAudio', () => {
  it('reads a WAV duration from its header', () => {
    expect(probeAudio(pcmWav({ seconds: 1.5, sampleRate: 8000 }), 'wav')).toEqual({ seconds: 1.5, method: 'header' });
  });

  it('estimates compressed formats from size / nominal bitrate', () => {
    const mp3 = new Uint8Array(16_000);
    mp3.set(bytes('ID3'));
    expect(probeAudio(mp3, 'mp3')).toEqual({ seconds: (16_000 * 8) / NOMINAL_BITRATES.mp3, method: 'estimate' });
    const ogg = new Uint8Array(8_000);
    ogg.set(bytes('OggS'));
    expect(probeAudio(ogg, 'ogg')).toEqual({ seconds: 1, method: 'estimate' });
  });

  it('reads a FLAC duration from STREAMINFO (sample rate, total samples)', () => {
    // 44100 Hz = 0x0AC44 in 20 bits; 88200 samples = 2 s.
    const info = [0x10, 0x00, 0x10, 0x00, 0, 0, 0, 0, 0, 0, 0x0a, 0xc4, 0x42, 0xf0, 0x00, 0x01, 0x58, 0x88];
    const flac = bytes('fLaC', [0x00, 0x00, 0x00, 34], info, new Array(16).fill(0));
    expect(probeAudio(flac, 'flac')).toEqual({ seconds: 2, method: 'header' });
  });

  it('refuses empty audio and bytes that do not match the format', () => {
    expect(probeAudio(new Uint8Array(0), 'mp3')).toMatch(/empty/);
    expect(probeAudio(bytes('hello'), 'flac')).toMatch(/FLAC/);
    expect(probeAudio(bytes('hello'), 'webm')).toMatch(/WebM/);
    expect(probeAudio(bytes('hello there'), 'm4a')).toMatch(/ftyp/);
    expect(probeAudio(bytes('hello'), 'wav')).toMatch(/RIFF/);
    expect(probeAudio(bytes('0000ftypM4A '), 'm4a')).toMatchObject({ method: 'estimate' });
    expect(probeAudio(bytes([0xff, 0xf1, 0, 0]), 'aac')).toMatchObject({ method: 'estimate' });
  });
});

describe('audio formats', () => {
  it('normalises names and aliases, and derives upload formats from extension first', () => {
    expect(normalizeAudioFormat(' WAV ')).toBe('wav');
    expect(normalizeAudioFormat('wave')).toBe('wav');
    expect(normalizeAudioFormat('midi')).toBeUndefined();
    expect(formatFromFileName('talk.final.MP3')).toBe('mp3');
    expect(formatFromFileName('noext')).toBeUndefined();
    expect(formatFromContentType('audio/x-wav; codecs=1')).toBe('wav');
    expect(formatOfUpload('clip.flac', 'audio/wav')).toBe('flac');
    expect(formatOfUpload('blob', 'audio/ogg')).toBe('ogg');
    expect(formatOfUpload('blob', 'application/octet-stream')).toBeUndefined();
  });
});
