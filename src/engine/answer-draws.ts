import { contentKey } from '../generation/build-response.ts';
import { seededRandom, type SeededRandom } from '../random/seeded-random.ts';
import type { CanonicalRequest } from './canonical-request.ts';

/**
 * The randomness of one answer (DESIGN determinism): the reply depends on the seed and the
 * request's content (not `stream`), made when first needed, so a scripted JSON answer draws
 * nothing from it and the stream is the same either way.
 */
export class AnswerDraws {
  #content: string | undefined = undefined;
  #rng: SeededRandom | undefined = undefined;

  constructor(
    private readonly seed: number,
    private readonly request: CanonicalRequest,
  ) {}

  /** The request's content key (what plans and draws are keyed by). */
  content(): string {
    return (this.#content ??= contentKey(this.request));
  }

  rng(): SeededRandom {
    return (this.#rng ??= seededRandom(this.seed, 'responses', this.content()));
  }
}
