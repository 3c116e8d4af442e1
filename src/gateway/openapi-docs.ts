import { buildOpenApi, type BuildOpenApiOptions, type OpenApiDocs, type OpenApiDocument } from '../openapi/build-openapi.ts';
import type { OperationDoc } from '../openapi/operation-doc.ts';
import { loadOperationDocs, type Operation } from '../operations/operation.ts';
import { OPERATIONS } from './operations-table.ts';

/** The docs of the gateway's routes outside the operations table. */
const GATEWAY_DOCS: Readonly<Record<string, OperationDoc>> = {
  'openapi.get': {
    summary: 'This OpenAPI description',
    tag: 'Meta',
    description: 'The OpenAPI 3.1 description of the simulated Gateway API, generated from the same zod schemas that validate requests. No authentication.',
    successStatus: 200,
    success: { 'application/json': 'OpenApiDocument' },
  },
};

/**
 * Every endpoint's doc by operation id: each operation's own (its folder's `docs.ts`, loaded when
 * first asked for), then the gateway's routes outside the table.
 */
export async function endpointDocs(operations: readonly Operation[] = OPERATIONS): Promise<Readonly<Record<string, OperationDoc>>> {
  const docs = await loadOperationDocs(operations);
  return Object.assign({}, ...docs.map((doc) => doc.endpoints), GATEWAY_DOCS) as Record<string, OperationDoc>;
}

/**
 * What `/openapi.json` says beyond the routes, read from the operations table.
 *
 * @example
 * const doc = await buildOpenApi({ routes: createGateway().routes, docs: await gatewayOpenApiDocs() });
 */
export async function gatewayOpenApiDocs(operations: readonly Operation[] = OPERATIONS): Promise<OpenApiDocs> {
  const [docs, operationDocs] = await Promise.all([endpointDocs(operations), loadOperationDocs(operations)]);
  return {
    endpoint: (operationId) => docs[operationId],
    components: operationDocs.flatMap((doc) => (doc.components ? [doc.components] : [])),
  };
}

/**
 * The OpenAPI 3.1 description of a gateway's routes, with the operations table's docs unless
 * `docs` is given: what `GET /openapi.json` and `gatewaykit openapi` serve.
 *
 * @example
 * import { buildGatewayOpenApi, createGateway } from 'gatewaykit';
 *
 * const doc = await buildGatewayOpenApi({ routes: createGateway().routes });
 * doc.paths['/responses']?.post; // { operationId: 'responses.create', ... }
 */
export async function buildGatewayOpenApi(options: Omit<BuildOpenApiOptions, 'docs'> & { docs?: OpenApiDocs }): Promise<OpenApiDocument> {
  return buildOpenApi({ ...options, docs: options.docs ?? (await gatewayOpenApiDocs()) });
}
