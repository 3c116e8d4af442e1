import { inferred, ref, spec, type Rule } from './rule.ts';
import { ACCOUNT_RULES } from '../operations/account/rules.ts';
import { AUDIO_TRANSCRIPTIONS_RULES } from '../operations/audio-transcriptions/rules.ts';
import { CHAT_RULES } from '../operations/chat/rules.ts';
import { DATASETS_RULES } from '../operations/datasets/rules.ts';
import { EMBEDDINGS_RULES } from '../operations/embeddings/rules.ts';
import { MESSAGES_RULES } from '../operations/messages/rules.ts';
import { RESPONSES_RULES } from '../operations/responses/rules.ts';
import { VIDEOS_RULES } from '../operations/videos/rules.ts';

/**
 * Every rule the suite enforces: each operation's own (in its folder, `operations/<name>/rules.ts`),
 * then those of every operation (the kit's) and the always-on oracles'. Each check names the rules
 * it judges (`Check.rules`); a test fails when a rule has no check. `gatewaykit conform --list`
 * prints this table.
 */
export const RULES: readonly Rule[] = [
  ...RESPONSES_RULES,
  ...VIDEOS_RULES,
  ...DATASETS_RULES,
  ...AUDIO_TRANSCRIPTIONS_RULES,
  ...CHAT_RULES,
  ...MESSAGES_RULES,
  ...EMBEDDINGS_RULES,
  ...ACCOUNT_RULES,
  // Every operation of the table (conformance/kit/: one declaration per endpoint)
  ref(
    'operations.answer-schema',
    '1, 4.4',
    "A served answer of every operation of the table has the status, content type and body its reference operation documents (judged with the package's own schema of that answer, as /openapi.json serves it); a binary answer is not empty.",
  ),
  spec(
    'operations.bad-input',
    '7',
    "Malformed JSON, a body member of the wrong type or a query parameter off its type is refused with 400 and the operation's error body, on every operation; never served, never a 5xx.",
  ),
  ref(
    'operations.unknown-id',
    '7',
    "A lookup of an object that does not exist (a model, a key hash, a generation id, a video job) is 404 with the operation's error body.",
  ),
  inferred(
    'operations.wrong-method',
    '7',
    'A method an operation does not take (POST /providers) is refused with 404 or 405 and the error envelope, never served.',
  ),
  spec(
    'auth.management-key',
    '5.3',
    'An operation that needs a management key refuses an ordinary key: with 403 where its reference operation lists 403 (GET /credits, POST /keys, POST /auth/keys/code), else with 401 or 403; never served.',
  ),
  ref(
    'credits.coinbase-gone',
    '5.2',
    'POST /credits/coinbase is deprecated and takes no key: every request, without credentials too, is 410 Gone with the envelope.',
  ),
  ref('auth-keys.unknown-code', '5.2', 'POST /auth/keys takes no key, the code is the credential: a code never issued is refused with 403 and the envelope.'),
  // Always-on (every exchange of every check)
  spec('always.error-envelope', '7', 'Every non-2xx answer any check receives from an operation carries the error envelope with code equal to the status.'),
  inferred(
    'always.no-unasked-5xx',
    '7',
    'No answer is a 5xx unless the request asked for one (the simulator fault header): a bad request is a 4xx, never a crash.',
  ),
];

/** The rule with this id (throws for an unknown id: a bug in a check). */
export function ruleById(id: string): Rule {
  const rule = RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown rule ${id}`);
  return rule;
}
