import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.ts';
import type { DispatchContext } from './dispatch-context.ts';
import { composeSteps, type DispatchStep } from './dispatch-step.ts';

describe('composeSteps', () => {
  const ctx = {} as DispatchContext;

  it('runs the steps in order, waiting for those that wait, then the handler', async () => {
    const seen: string[] = [];
    const steps: DispatchStep[] = [
      () => void seen.push('auth'),
      async () => {
        await new Promise((r) => setTimeout(r, 1));
        seen.push('simulation');
      },
      () => void seen.push('credits'),
    ];
    const run = composeSteps(steps, () => {
      seen.push('operation');
      return new Response('ok');
    });
    expect(await (await run(ctx)).text()).toBe('ok');
    expect(seen).toEqual(['auth', 'simulation', 'credits', 'operation']);
  });

  it('stops at the first step that refuses: later steps and the operation never run', async () => {
    const seen: string[] = [];
    const run = composeSteps(
      [
        () => {
          throw new GatewayError(401);
        },
        () => void seen.push('rate limit'),
      ],
      () => {
        seen.push('operation');
        return new Response('ok');
      },
    );
    await expect(run(ctx)).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([]);
  });

  it('with no steps is the handler alone, its failure a rejection', async () => {
    const run = composeSteps([], () => {
      throw new GatewayError(404);
    });
    await expect(run(ctx)).rejects.toMatchObject({ status: 404 });
  });
});
