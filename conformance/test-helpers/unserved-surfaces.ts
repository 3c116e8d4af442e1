import type { FetchLike } from '../client/gateway-client.ts';

/**
 * The operation each group of surface checks needs (chat, Messages, embeddings, account). While
 * the simulator answers one of them "404 No such operation", that group's checks cannot pass on it:
 * they fail, or are inconclusive where the check owning the answer failed. Once the operation is
 * served they must pass like every other check.
 */
const OPERATION_OF_GROUP: Readonly<Record<string, { method: 'GET' | 'POST'; path: string }>> = {
  chat: { method: 'POST', path: '/chat/completions' },
  messages: { method: 'POST', path: '/messages' },
  embeddings: { method: 'POST', path: '/embeddings' },
  account: { method: 'GET', path: '/key' },
};

/**
 * The check groups whose operation the target does not serve yet ("404 No such operation").
 *
 * @example
 * await unservedGroups(gateway.baseUrl, gateway.fetch, 'sk-gw-test'); // e.g. Set { 'chat', 'messages' }
 */
export async function unservedGroups(baseUrl: string, fetch: FetchLike, apiKey: string): Promise<ReadonlySet<string>> {
  const unserved = new Set<string>();
  for (const [group, { method, path }] of Object.entries(OPERATION_OF_GROUP)) {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
    const text = await response.text();
    if (response.status === 404 && text.includes('No such operation')) unserved.add(group);
  }
  return unserved;
}

/** Is this check one of a group whose operation the target does not serve yet? */
export function awaitsSurface(checkId: string, unserved: ReadonlySet<string>): boolean {
  return unserved.has(checkId.split('.')[0]!);
}
