import { describe, expect, test } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';

/** Generator errors name the fields the client sent, in its surface's terms (issue 40 item 4). */
const gateway = createGateway();
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const post = async (path: string, body: unknown) => {
  const res = await gateway.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, message: ((await res.json()) as { error: { message: string } }).error.message };
};
const IMPOSSIBLE = { type: 'object', properties: { s: { type: 'string', minLength: 1e9 } }, required: ['s'] };

describe("generator errors in the surface's own field names", () => {
  test('chat: response_format.json_schema.schema and tools[i].function.parameters', async () => {
    const format = await post('/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'h', schema: IMPOSSIBLE } },
    });
    expect(format.status).toBe(422);
    expect(format.message).toMatch(/^response_format\.json_schema\.schema\.properties\.s\.minLength: /);
    const tool = await post('/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'function', function: { name: 'f', parameters: IMPOSSIBLE } }],
      tool_choice: 'required',
    });
    expect(tool.status).toBe(422);
    expect(tool.message).toMatch(/^tools\[0\]\.function\.parameters\.properties\.s\.minLength: /);
  });

  test('Messages: output_config.format.schema and tools[i].input_schema', async () => {
    const ask = { model: 'anthropic/claude-sonnet-4.5', max_tokens: 100, messages: [{ role: 'user', content: 'x' }] };
    const format = await post('/messages', { ...ask, output_config: { format: { type: 'json_schema', schema: IMPOSSIBLE } } });
    expect(format.status).toBe(422);
    expect(format.message).toMatch(/^output_config\.format\.schema\.properties\.s\.minLength: /);
    const tool = await post('/messages', { ...ask, tools: [{ name: 'f', input_schema: IMPOSSIBLE }], tool_choice: { type: 'any' } });
    expect(tool.status).toBe(422);
    expect(tool.message).toMatch(/^tools\[0\]\.input_schema\.properties\.s\.minLength: /);
  });
});
