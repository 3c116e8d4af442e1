// Plain Node, no TypeScript loader: the runtime entries import and the gateway answers.
// (gatewaykit/vitest is loaded by vitest itself: consumer.spec.ts.)
import { createGateway } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';
import { runConformance } from 'gatewaykit/conformance';
import { ResponsesResultSchema } from 'gatewaykit/schemas';

const gateway = createGateway();
const request = (headers) =>
  gateway.fetch('/responses', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' }),
  });
const models = await request({ authorization: 'Bearer sk-gw-test' });
const unauthenticated = await request({});
// A management listing loads the management plane's collections (@msw/data, bundled into dist/).
const listing = await gateway.fetch('/keys', { headers: { authorization: 'Bearer sk-gw-management' } });
const listed = await listing.json();
console.log(
  JSON.stringify({
    createGateway: typeof createGateway,
    startServer: typeof startServer,
    runConformance: typeof runConformance,
    responsesStatus: models.status,
    unauthenticatedStatus: unauthenticated.status,
    // The gatewaykit/schemas entry validates the answer the root entry's gateway gave.
    resultParses: ResponsesResultSchema.safeParse(await models.json()).success,
    managementListStatus: listing.status,
    managementListed: Array.isArray(listed.data) && listed.data.length > 0,
  }),
);
