/** Where an unexpected error (a bug) happened: enough to find the answer it masked. */
export interface UnexpectedErrorContext {
  /** The `X-Generation-Id` of the masked 500 (API answers; control answers carry none). */
  generationId?: string;
  method?: string;
  path?: string;
  operation?: string;
}

/**
 * The default report of an unexpected error: one line naming the request and the answer's
 * `X-Generation-Id` (the id the client saw, and the journal's entry shows), then the stack.
 *
 * @example
 * logUnexpectedError(error, { generationId: 'gen-…', method: 'GET', path: '/api/v1/videos/x' });
 */
export function logUnexpectedError(error: unknown, context: UnexpectedErrorContext = {}, write: (text: string) => void = (text) => console.error(text)): void {
  const where = [context.method, context.path].filter(Boolean).join(' ');
  const parts = [
    where && `in ${where}`,
    context.operation && `(${context.operation})`,
    context.generationId && `X-Generation-Id: ${context.generationId}`,
  ].filter(Boolean);
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  write(`[gatewaykit] unexpected error${parts.length > 0 ? ` ${parts.join(' ')}` : ''}:\n${detail}`);
}
