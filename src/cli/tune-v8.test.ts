import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SHORT_RUN_INTERRUPT_BUDGET, tuneV8ForShortRun, type V8Host } from './tune-v8.ts';

/** A host as the command sees it, recording the flags set. */
function host(overrides: Partial<V8Host> = {}): V8Host & { set: string[] } {
  const set: string[] = [];
  return { execArgv: [], nodeOptions: undefined, v8Version: '11.3.244.8-node.33', setFlags: (flags) => set.push(flags), set, ...overrides };
}

describe('tuneV8ForShortRun', () => {
  it("raises V8 11.3's optimising budget eightfold", () => {
    const h = host();
    tuneV8ForShortRun(h);
    expect(h.set).toEqual([`--interrupt-budget=${8 * 67_584}`]);
    expect(SHORT_RUN_INTERRUPT_BUDGET).toBe(540_672);
  });

  it('keeps a budget given to node itself (its command line or NODE_OPTIONS), and any other V8 its defaults', () => {
    for (const given of [
      host({ execArgv: ['--interrupt-budget=1000'] }),
      host({ nodeOptions: '--max-old-space-size=512 --interrupt_budget=9000' }),
      host({ v8Version: '12.4.254.21-node.33' }),
    ]) {
      tuneV8ForShortRun(given);
      expect(given.set).toEqual([]);
    }
    const other = host({ execArgv: ['--inspect'], nodeOptions: '--enable-source-maps' });
    tuneV8ForShortRun(other);
    expect(other.set).toHaveLength(1);
  });

  it('names a flag this Node accepts (V8 reports an unknown one on stderr)', () => {
    // In a process of its own: the flag is process-wide.
    const script = `import('${new URL('./tune-v8.ts', import.meta.url).href}').then(async (m) => { const v8 = await import('node:v8'); m.tuneV8ForShortRun({ execArgv: [], nodeOptions: undefined, v8Version: '11.3.0', setFlags: v8.setFlagsFromString }); console.log('set'); })`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('set');
    const unknown = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString('--no-such-flag-here')`], { encoding: 'utf8' });
    expect(unknown.stdout + unknown.stderr).toMatch(/unrecognized flag/);
  });
});
