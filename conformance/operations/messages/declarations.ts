import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { malformedJson, wrongType } from '../../kit/refusals.ts';

export const MESSAGES_MODEL = 'anthropic/claude-sonnet-4';

const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

const none = () => [];

/** The kit's declarations of the messages operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  (() => {
    const body = { model: MESSAGES_MODEL, messages: [{ role: 'user', content: 'Hello' }] };
    return {
      endpoint: 'messages.countTokens',
      request: post('/messages/count_tokens', body),
      badInput: () => [malformedJson('/messages/count_tokens'), wrongType('/messages/count_tokens', { ...body, messages: 'Hello' }, 'messages')],
    };
  })(),
  {
    endpoint: 'messages.create',
    request: (ctx) => ({ method: 'POST', path: '/messages', body: { model: ctx.model, messages: [{ role: 'user', content: 'Hi' }] } }),
    badInput: none,
    handWritten: { shape: 'messages.result-shape', errors: 'messages.errors', auth: 'messages.errors' },
  },
];
