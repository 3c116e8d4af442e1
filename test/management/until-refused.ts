import type { Gateway } from '../../src/gateway/create-gateway.ts';

/** A small chat request whose worst case (16 output tokens) fits a key with a limit of $0.0001. */
export const CHAT = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 16 });

export const chat = (gw: Gateway, secret: string) =>
  gw.fetch('/chat/completions', { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: CHAT });

/** Chat requests until the key is refused (the limit holds every answer's worst case: docs/account.md). */
export async function untilRefused(gw: Gateway, secret: string): Promise<{ served: number; refused: Response }> {
  for (let served = 0; served < 200; served++) {
    const answer = await chat(gw, secret);
    if (answer.status !== 200) return { served, refused: answer };
    await answer.arrayBuffer();
  }
  throw new Error('200 answers and the key was never refused');
}
