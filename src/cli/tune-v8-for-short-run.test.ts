import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SHORT_RUN_INTERRUPT_BUDGET, tuneV8ForShortRun } from './tune-v8-for-short-run.ts';

describe('tuneV8ForShortRun', () => {
  it('raises the optimising budget eightfold', () => {
    const set: string[] = [];
    tuneV8ForShortRun((flags) => set.push(flags), { execArgv: [], nodeOptions: undefined });
    expect(set).toEqual([`--interrupt-budget=${8 * 67_584}`]);
    expect(SHORT_RUN_INTERRUPT_BUDGET).toBe(540_672);
  });

  it('keeps a budget given to node itself, on its command line or in NODE_OPTIONS', () => {
    const set: string[] = [];
    tuneV8ForShortRun((flags) => set.push(flags), { execArgv: ['--interrupt-budget=1000'], nodeOptions: undefined });
    tuneV8ForShortRun((flags) => set.push(flags), { execArgv: [], nodeOptions: '--max-old-space-size=512 --interrupt_budget=9000' });
    expect(set).toEqual([]);
    tuneV8ForShortRun((flags) => set.push(flags), { execArgv: ['--inspect'], nodeOptions: '--enable-source-maps' });
    expect(set).toHaveLength(1);
  });

  it('names a flag this Node accepts (V8 reports an unknown one on stderr)', () => {
    // In a process of its own: the flag is process-wide.
    const script = `import('${new URL('./tune-v8-for-short-run.ts', import.meta.url).href}').then((m) => { m.tuneV8ForShortRun(); console.log('set'); })`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stdout.trim()).toBe('set');
    expect(run.stderr).toBe('');
    // The same check catches an unknown flag:
    const unknown = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString('--no-such-flag-here')`], { encoding: 'utf8' });
    expect(unknown.stdout + unknown.stderr).toMatch(/unrecognized flag/);
  });
});
