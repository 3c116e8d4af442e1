/**
 * `npx tsx bench/profile.ts [--seconds 3] [--rows json,sse,401,in-process] [--top 12] [--out f.md]`:
 * CPU profiles of the gatewaykit child under each bench row's load, and of the in-process path,
 * summarised as their top frames (the same summaries `npm run bench` writes into RESULTS.md).
 * The functions with the largest self time show where the CPU was; the largest inclusive time
 * among gatewaykit's own functions shows which step of a request costs what. On a shared machine
 * absolute times are noisy; compare the shares. Set GATEWAYKIT_BENCH_BUILD to a compiled build
 * (tsc -p tsconfig.build.json --outDir DIR) to profile the package as published.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PROFILE_ROWS, profileInProcess, profileServerRow } from './profile-rows.ts';
import { renderProfile, type ProfileSummary } from './profile-summary.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, out: { type: 'string' }, rows: { type: 'string' }, top: { type: 'string' } },
  strict: true,
});
const seconds = Number(values.seconds ?? 3);
const top = Number(values.top ?? 12);
const wanted = values.rows?.split(',');

const summaries: ProfileSummary[] = [];
for (const name of Object.keys(PROFILE_ROWS)) {
  if (wanted && !wanted.some((w) => name.includes(w))) continue;
  summaries.push(await profileServerRow(name, seconds, top));
  console.log(`[profile] ${summaries.at(-1)?.label}`);
}
if (!wanted || wanted.includes('in-process')) {
  summaries.push(await profileInProcess(seconds, top));
  console.log(`[profile] ${summaries.at(-1)?.label}`);
}
const text = summaries.map(renderProfile).join('\n');
if (values.out) writeFileSync(values.out, text);
else console.log(text);
