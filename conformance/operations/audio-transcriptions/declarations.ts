import type { OperationDeclaration } from '../../kit/operation-declaration.ts';

const none = () => [];

/** The kit's declarations of the audio-transcriptions operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'audio.transcriptions.create',
    request: () => ({ method: 'POST', path: '/audio/transcriptions', body: {} }),
    badInput: none,
    handWritten: { shape: 'audio.transcriptions-json', errors: 'audio.transcriptions-validation', auth: 'audio.transcriptions-auth' },
  },
];
