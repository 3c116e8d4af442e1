/**
 * What to say about a path no route serves when its tail is an operation of this gateway: the
 * client joined the operation to the wrong base URL (the Anthropic SDK given the OpenAI SDK's
 * `.../api/v1` asks for `/api/v1/v1/messages`). The hint names the base URL that SDK needs:
 * the Anthropic SDK appends `/v1/messages` itself, every other client appends the bare path.
 * Undefined when no tail of the path is an operation, or when the path already starts at the base.
 *
 * @example
 * baseUrlHint('/api/v1/v1/messages', { origin: 'http://127.0.0.1:8080', basePath: '/api/v1', isOperation: (p) => p === '/messages' });
 * // '/messages lives at http://127.0.0.1:8080/api/v1/messages: the Anthropic SDK needs baseURL http://127.0.0.1:8080/api (it appends /v1/messages itself)'
 */
export function baseUrlHint(pathname: string, options: { origin: string; basePath: string; isOperation: (path: string) => boolean }): string | undefined {
  const { origin, basePath, isOperation } = options;
  const tail = operationTail(pathname, isOperation);
  if (tail === undefined) return undefined;
  const prefix = pathname.slice(0, pathname.length - tail.length);
  if (prefix === basePath) return undefined;
  const at = `${tail} lives at ${origin}${basePath}${tail}`;
  // The Anthropic SDK's paths are `/v1/messages...`: its base URL is the gateway's minus `/v1`.
  if ((tail === '/messages' || tail.startsWith('/messages/')) && basePath.endsWith('/v1')) {
    return `${at}: the Anthropic SDK needs baseURL ${origin}${basePath.slice(0, -3)} (it appends /v1${tail} itself)`;
  }
  return `${at}: the OpenAI SDK (and the AI SDK, LangChain, the OpenRouter SDK) needs baseURL ${origin}${basePath}`;
}

/** The longest tail of `pathname`, cut at a `/`, that is an operation's path. */
function operationTail(pathname: string, isOperation: (path: string) => boolean): string | undefined {
  for (let i = 0; i >= 0; i = pathname.indexOf('/', i + 1)) {
    const tail = pathname.slice(i);
    if (isOperation(tail)) return tail;
  }
  return undefined;
}
