import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textFeatures, tokenFeatures } from './embedding-features.ts';
import { embeddingVector } from './embedding-vector.ts';
import { encodeFloat32Base64 } from './encode-float32-base64.ts';

const MODEL = 'openai/text-embedding-3-small';
const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('embeddingVector', () => {
  it('is unit length and the same for the same text, model and size (any text, any size)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 2048 }), (text, dims) => {
        const v = embeddingVector(textFeatures(text), dims, MODEL);
        expect(v).toHaveLength(dims);
        expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-5);
        expect(embeddingVector(textFeatures(text), dims, MODEL)).toEqual(v);
      }),
    );
  });

  it('is unit length for token inputs too', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 100 }), (tokens) => {
        expect(Math.abs(norm(embeddingVector(tokenFeatures(tokens), 256, MODEL)) - 1)).toBeLessThan(1e-5);
      }),
    );
  });

  it('depends on the model', () => {
    const a = embeddingVector(textFeatures('the same words'), 64, MODEL);
    const b = embeddingVector(textFeatures('the same words'), 64, 'baai/bge-m3');
    expect(a).not.toEqual(b);
  });

  it('puts texts that share words closer than texts that do not', () => {
    const v = (t: string) => embeddingVector(textFeatures(t), 1536, MODEL);
    const query = v('how do I bake bread at home');
    expect(cosine(query, v('Baking sourdough bread at home, step by step'))).toBeGreaterThan(cosine(query, v('Quarterly revenue grew by ten percent')) + 0.2);
    // Inflections meet at their stem; case does not matter.
    expect(cosine(v('Embeddings'), v('embedding'))).toBeGreaterThan(0.5);
    expect(cosine(v('Hello World'), v('hello world'))).toBeCloseTo(1, 6);
  });
});

describe('encodeFloat32Base64', () => {
  it('writes float32 little-endian bytes, as the openai SDK decodes them', () => {
    expect(encodeFloat32Base64([1, 0])).toBe('AACAPwAAAAA=');
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true }), { maxLength: 40 }), (values) => {
        const bytes = new Uint8Array(new Float32Array(values).buffer);
        expect(encodeFloat32Base64(values)).toBe(btoa(String.fromCharCode(...bytes)));
      }),
    );
    const values = embeddingVector(textFeatures('round trip'), 3000, MODEL);
    const bytes = Uint8Array.from(atob(encodeFloat32Base64(values)), (c) => c.charCodeAt(0));
    expect(Array.from(new Float32Array(bytes.buffer))).toEqual(values);
  });
});
