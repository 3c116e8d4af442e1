import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { malformedJson, wrongType } from '../../kit/refusals.ts';

export const SPEECH_MODEL = 'openai/gpt-4o-mini-tts';
const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

/** The kit's declarations of the speech operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  (() => {
    const body = { model: SPEECH_MODEL, input: 'Hello.' };
    return {
      endpoint: 'audio.speech.create',
      request: post('/audio/speech', body),
      badInput: () => [malformedJson('/audio/speech'), wrongType('/audio/speech', { ...body, input: 5 }, 'input')],
    };
  })(),
];
