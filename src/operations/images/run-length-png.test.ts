import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { runLengthPng } from './run-length-png.ts';

describe('runLengthPng', () => {
  it('writes a PNG an independent decoder reads back pixel for pixel (runs of every length, repeated and changing rows)', () => {
    const width = 600;
    const height = 7;
    const palette = [
      [10, 20, 30],
      [200, 100, 0],
      [0, 255, 128],
    ];
    const rowOf = (y: number, into: Uint8Array) => {
      into.fill(0);
      // Runs of 1, 2, 3, 4, 258, 259, 261 pixels at different places per row; rows 2 and 3 equal.
      const key = y === 3 ? 2 : y;
      let x = key;
      for (const length of [1, 2, 3, 4, 258, 259, 261]) {
        if (x >= width) break;
        into.fill(1 + (length % 2), x, Math.min(width, x + length));
        x += length + 1;
      }
    };
    const png = PNG.sync.read(Buffer.from(runLengthPng({ width, height, palette, row: rowOf })));
    expect([png.width, png.height]).toEqual([width, height]);
    const row = new Uint8Array(width);
    for (let y = 0; y < height; y++) {
      rowOf(y, row);
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        expect([...png.data.subarray(at, at + 3)], `pixel ${x},${y}`).toEqual(palette[row[x] as number]);
      }
    }
  });

  it('palette entries with alpha become a tRNS chunk', () => {
    const png = PNG.sync.read(
      Buffer.from(
        runLengthPng({
          width: 3,
          height: 1,
          palette: [
            [1, 2, 3, 0],
            [4, 5, 6, 255],
          ],
          row: (_y, into) => into.set([0, 1, 0]),
        }),
      ),
    );
    expect([...png.data]).toEqual([1, 2, 3, 0, 4, 5, 6, 255, 1, 2, 3, 0]);
  });
});
