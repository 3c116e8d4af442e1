import { describe, expect, test } from 'vitest';
import { createGateway } from 'gatewaykit';
import { loadReference, type ReferenceDocument } from './support/reference/load-reference.ts';
import { DRIFT_EXCEPTIONS } from './support/reference/drift-exceptions.ts';
import { schemaDrift, type Direction } from './support/reference/schema-drift.ts';

/**
 * The drift test: each operation the simulator serves, as its own `/openapi.json` describes it
 * (generated from the zod schemas that validate requests and build answers), against the
 * reference's operation of the same id: member names, `required` lists and enums of the JSON
 * request body and of the success answer. Every difference is either fixed or a recorded
 * exception with its reason (./support/reference/drift-exceptions.ts).
 */
type Json = Record<string, any>;

interface Pair {
  operation: string;
  direction: Direction;
  reference: unknown;
  ours: unknown;
}

function jsonSchema(content: Json | undefined): unknown {
  return content?.['application/json']?.schema;
}

/** Operations whose request body is another operation's (a preset is made from an inference body): judged, and excepted, as that one. */
const SAME_REQUEST: Record<string, string> = {
  createPresetsChatCompletions: 'sendChatCompletionRequest',
  createPresetsMessages: 'createMessages',
  createPresetsResponses: 'createResponses',
};

function firstSuccess(responses: Json): string | undefined {
  return Object.keys(responses).find((status) => /^2\d\d$/.test(status) && jsonSchema(responses[status]?.content) !== undefined);
}

async function pairs(reference: ReferenceDocument): Promise<Pair[]> {
  const gateway = createGateway({ baseUrl: 'http://drift.gateway.test/api/v1' });
  const ours = (await (await gateway.fetch('http://drift.gateway.test/api/v1/openapi.json')).json()) as Json;
  const referenceById = new Map<string, Json>();
  for (const methods of Object.values(reference.paths))
    for (const op of Object.values(methods as Json)) if (op?.operationId) referenceById.set(op.operationId, op);
  const out: Pair[] = [];
  for (const methods of Object.values(ours.paths as Json)) {
    for (const op of Object.values(methods as Json) as Json[]) {
      const refOp = referenceById.get(op['x-reference-operation-id']);
      if (!refOp) continue;
      const name = op['x-reference-operation-id'] as string;
      const ownBody = jsonSchema(op.requestBody?.content);
      const refBody = jsonSchema(refOp.requestBody?.content);
      if (ownBody && refBody) out.push({ operation: `${SAME_REQUEST[name] ?? name} request`, direction: 'request', reference: refBody, ours: ownBody });
      const status = firstSuccess(op.responses);
      const refStatus = status && jsonSchema(refOp.responses?.[status]?.content) ? status : firstSuccess(refOp.responses ?? {});
      if (status && refStatus) {
        out.push({
          operation: `${name} ${status}`,
          direction: 'response',
          reference: jsonSchema(refOp.responses[refStatus].content),
          ours: jsonSchema(op.responses[status].content),
        });
      }
    }
  }
  return Object.assign(out, { components: ours.components.schemas as Json });
}

describe('the served operations against the reference (drift)', () => {
  test('every difference in member names, required lists and enums is fixed or a reasoned exception', async () => {
    const reference = loadReference();
    const list = await pairs(reference);
    const ownComponents = (list as unknown as { components: Json }).components;
    const found = list.flatMap((pair) =>
      schemaDrift({ schema: pair.reference, components: reference.components.schemas }, { schema: pair.ours, components: ownComponents }, pair.direction).map(
        (line) => `${pair.operation} ${line}`,
      ),
    );
    if (process.env.DRIFT_OUT) (await import('node:fs')).writeFileSync(process.env.DRIFT_OUT, JSON.stringify(found, null, 1));
    expect(list.length).toBeGreaterThan(20);
    const unexplained = found.filter((line) => !DRIFT_EXCEPTIONS.some((e) => e.match.test(line)));
    expect(unexplained, 'differences from the reference with no recorded reason').toEqual([]);
    const unused = DRIFT_EXCEPTIONS.filter((e) => !found.some((line) => e.match.test(line)));
    expect(
      unused.map((e) => String(e.match)),
      'exceptions that no longer match a difference',
    ).toEqual([]);
  });
});
