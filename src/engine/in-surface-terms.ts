import { GatewayError } from '../errors/gateway-error.ts';

/** A canonical field path and the surface's own name for it. */
export type FieldRename = readonly [canonical: RegExp, surface: string];

/**
 * The engine's failure in the surface's own field names: the generator names the canonical
 * request's fields (`text.format.schema`, `tools[0].parameters`), which a chat or Messages client
 * never sent. Every other error passes through unchanged; the renames are made only on a failure.
 *
 * @example
 * await inSurfaceTerms(runEngine(engine, request, ctx), () => [[/\btext\.format\.schema\b/g, 'response_format.json_schema.schema']]);
 */
export async function inSurfaceTerms<T>(work: Promise<T>, renames: () => readonly FieldRename[]): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof GatewayError) {
      for (const [canonical, surface] of renames()) error.message = error.message.replace(canonical, surface);
    }
    throw error;
  }
}
