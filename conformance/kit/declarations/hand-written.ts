import { baseResponsesRequest, baseVideoRequest, UNKNOWN_JOB_ID } from '../../requests.ts';
import type { OperationDeclaration } from '../operation-declaration.ts';

const none = () => [];

/**
 * Endpoints whose three checks are hand-written (their surfaces judge more than the kit does):
 * declared so the coverage test sees them, with the checks that judge each kind.
 */
export const HAND_WRITTEN_DECLARATIONS: readonly OperationDeclaration[] = [
  {
    endpoint: 'responses.create',
    request: (ctx) => ({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model) }),
    badInput: none,
    handWritten: { shape: 'result.shape', errors: 'errors.envelope', auth: 'auth.missing-key' },
  },
  {
    endpoint: 'chat.completions.create',
    request: (ctx) => ({ method: 'POST', path: '/chat/completions', body: { model: ctx.model, messages: [{ role: 'user', content: 'Hi' }] } }),
    badInput: none,
    handWritten: { shape: 'chat.result-shape', errors: 'chat.errors', auth: 'chat.errors' },
  },
  {
    endpoint: 'messages.create',
    request: (ctx) => ({ method: 'POST', path: '/messages', body: { model: ctx.model, messages: [{ role: 'user', content: 'Hi' }] } }),
    badInput: none,
    handWritten: { shape: 'messages.result-shape', errors: 'messages.errors', auth: 'messages.errors' },
  },
  {
    endpoint: 'audio.transcriptions.create',
    request: () => ({ method: 'POST', path: '/audio/transcriptions', body: {} }),
    badInput: none,
    handWritten: { shape: 'audio.transcriptions-json', errors: 'audio.transcriptions-validation', auth: 'audio.transcriptions-auth' },
  },
  {
    endpoint: 'datasets.rankings-daily.get',
    request: () => ({ method: 'GET', path: '/datasets/rankings-daily' }),
    badInput: none,
    handWritten: { shape: 'datasets.rankings-shape', errors: 'datasets.rankings-validation', auth: 'datasets.rankings-auth' },
  },
  {
    endpoint: 'videos.create',
    request: (ctx) => ({ method: 'POST', path: '/videos', body: baseVideoRequest(ctx.videoModel) }),
    badInput: none,
    handWritten: { shape: 'videos.job-shape', errors: 'videos.submit-validation', auth: 'auth.missing-key' },
  },
  {
    endpoint: 'videos.get',
    request: () => ({ method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}` }),
    badInput: none,
    handWritten: { shape: 'videos.lifecycle', errors: 'videos.unknown-job', auth: 'auth.missing-key' },
  },
];
