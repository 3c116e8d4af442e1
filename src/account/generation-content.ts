/** reference `GenerationContentErrorAttempt`: one upstream attempt that failed before the returned error. */
export interface GenerationErrorAttempt {
  readonly code: number;
  readonly message: string;
  readonly provider_name: string | null;
  readonly raw: string | null;
}

/** reference `GenerationContentError`: the failure returned to the client. */
export interface GenerationContentError {
  readonly status: number | null;
  readonly message: string | null;
  readonly provider_name: string | null;
  readonly raw: string | null;
  readonly previous_errors: readonly GenerationErrorAttempt[];
}

/**
 * What a generation read and wrote (reference `GenerationContentData`): the prompt as chat
 * messages, the completion and reasoning text, and the failure when it failed. Kept with the
 * generation's record, so it is forgotten with it (docs/account.md).
 */
export interface GenerationContent {
  readonly input: { readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }> };
  readonly output: { readonly completion: string | null; readonly reasoning: string | null };
  readonly error: GenerationContentError | null;
}

/** A generation that failed: not paid for, so not in `GET /generation`, but its content is kept. */
export interface FailedGeneration {
  readonly id: string;
  readonly content: GenerationContent;
}

/**
 * The reference `GenerationContentResponse` of stored content.
 *
 * @example
 * generationContentBody(content); // { data: { input: { messages: [...] }, output: {...}, error: null } }
 */
export function generationContentBody(content: GenerationContent): { data: GenerationContent } {
  return { data: { input: content.input, output: content.output, error: content.error } };
}
