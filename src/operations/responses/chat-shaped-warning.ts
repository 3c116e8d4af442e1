/**
 * The response header that carries a simulator warning about a request it answered anyway; the
 * journal shows its value as the entry's `warning` and the inspector beside the status.
 */
export const WARNING_HEADER = 'x-gatewaykit-warning';

/**
 * A warning for a Responses body shaped like a chat request: `messages` and no `input`. Spec 2.1
 * marks no field required and the reference's `ResponsesRequest` allows other properties, so the
 * body is valid and is answered; but its prompt is not read, and the user should know why.
 *
 * @example
 * chatShapedWarning({ model: 'm', messages: [] }); // 'messages is not a field of POST /responses: ...'
 * chatShapedWarning({ model: 'm', input: 'hi' }); // undefined
 */
export function chatShapedWarning(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  if (!('messages' in body) || ('input' in body && (body as { input?: unknown }).input !== undefined)) return undefined;
  return 'messages is not a field of POST /responses and was ignored (the answer is to an empty prompt): send the conversation as input, or send this body to POST /chat/completions';
}
