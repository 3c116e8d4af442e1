import type { OperationDeclaration } from '../../kit/operation-declaration.ts';

const none = () => [];

/** The kit's declarations of the chat operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'chat.completions.create',
    request: (ctx) => ({ method: 'POST', path: '/chat/completions', body: { model: ctx.model, messages: [{ role: 'user', content: 'Hi' }] } }),
    badInput: none,
    handWritten: { shape: 'chat.result-shape', errors: 'chat.errors', auth: 'chat.errors' },
  },
];
