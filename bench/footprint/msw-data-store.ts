/**
 * `npx tsx bench/footprint/msw-data-store.ts`: what an @msw/data Collection costs against the
 * plain Map the simulator's stores use, for the store shape they need (create a record, find it
 * by id). Prints JSON: µs per create and per find-by-id for 10,000 records, and heap growth.
 * Run only when @msw/data is installed (it is not a dependency of the package; decision 0037).
 */
import { z } from 'zod';

const N = 10_000;
const record = (i: number) => ({
  id: `video_${i.toString(36).padStart(8, '0')}`,
  status: 'queued',
  progress: 0,
  created_at: 1_700_000_000 + i,
  model: 'openai/sora-2',
});
const schema = z.object({ id: z.string(), status: z.string(), progress: z.number(), created_at: z.number(), model: z.string() });

async function time(fn: () => Promise<void> | void): Promise<number> {
  const t = performance.now();
  await fn();
  return (performance.now() - t) * 1000;
}

async function mapStore(): Promise<{ createUs: number; findUs: number; heapMb: number }> {
  const heap = process.memoryUsage().heapUsed;
  const map = new Map<string, ReturnType<typeof record>>();
  const createUs = await time(() => {
    for (let i = 0; i < N; i++) {
      const r = schema.parse(record(i)); // the same validation per record as the Collection does
      map.set(r.id, r);
    }
  });
  let found = 0;
  const findUs = await time(() => {
    for (let i = 0; i < N; i++) if (map.get(record(i).id)) found++;
  });
  if (found !== N) throw new Error('map lost records');
  return { createUs: createUs / N, findUs: findUs / N, heapMb: (process.memoryUsage().heapUsed - heap) / 1048576 };
}

async function mswDataStore(): Promise<{ createUs: number; findUs: number; heapMb: number }> {
  const { Collection } = (await import('@msw/data' as string)) as {
    Collection: new (o: { schema: typeof schema }) => {
      create(r: unknown): Promise<unknown>;
      findFirst(q: (q: { where(w: unknown): unknown }) => unknown): unknown;
    };
  };
  const heap = process.memoryUsage().heapUsed;
  const jobs = new Collection({ schema });
  const createUs = await time(async () => {
    for (let i = 0; i < N; i++) await jobs.create(record(i));
  });
  let found = 0;
  // 1,000 lookups: each findFirst scans the collection (no index by id), 10,000 would take minutes.
  const lookups = 1_000;
  const findUs = await time(() => {
    for (let i = 0; i < lookups; i++) if (jobs.findFirst((q) => q.where({ id: record((i * 7919) % N).id }))) found++;
  });
  if (found !== lookups) throw new Error('collection lost records');
  return { createUs: createUs / N, findUs: findUs / lookups, heapMb: (process.memoryUsage().heapUsed - heap) / 1048576 };
}

const map = await mapStore();
const collection = await mswDataStore();
console.log(JSON.stringify({ records: N, map, collection }, null, 2));
