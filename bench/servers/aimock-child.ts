/**
 * The peer: @copilotkit/aimock (LLMock) with one fixture answering the same text on every surface
 * it serves under `/v1` (Responses, Chat Completions, Anthropic Messages), for a request whose last
 * user message is argv[3] (argv[2]: the text, argv[4]: stream chunk size in characters).
 */
import { LLMock } from '@copilotkit/aimock';
import { serveParent } from './child-stats.ts';

const text = process.argv[2] ?? 'Hello.';
const prompt = process.argv[3] ?? 'hello bench';
const chunkSize = Number(process.argv[4] ?? 12);
const mock = new LLMock({ port: 0, host: '127.0.0.1', chunkSize, logLevel: 'silent' });
mock.onMessage(prompt, { content: text });
await mock.start();
process.send?.({ url: `${mock.url}/v1` });
serveParent(() => mock.stop().then(() => undefined));
