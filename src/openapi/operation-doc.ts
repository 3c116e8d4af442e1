import type { z } from 'zod';

/** A query, header or path parameter of an operation (OpenAPI Parameter Object, in zod). */
export interface ParameterDoc {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
  readonly description: string;
  readonly schema: z.ZodType;
  readonly required?: boolean;
}

/**
 * What a route itself does not say about an endpoint, for `/openapi.json`: its prose, body and
 * success shapes (as names of component schemas) and its parameters. An endpoint without one
 * still gets a path.
 */
export interface OperationDoc {
  /** Only for routes outside the operations table; a table endpoint's own `summary` is used. */
  readonly summary?: string;
  readonly tag: string;
  readonly description?: string;
  /** Content type -> request component schema name. */
  readonly requestBody?: Readonly<Record<string, string>>;
  readonly successStatus: number;
  /** Content type -> response component schema name, or `binary` for raw bytes. */
  readonly success: Readonly<Record<string, string>>;
  readonly parameters?: readonly ParameterDoc[];
  /** Component schema of the error answers, when not the spec 7 envelope `ErrorBody`. */
  readonly errorBody?: string;
}

/** A JSON Schema written out (for shapes the catalogue builds without a zod schema). */
export type JsonSchema = Record<string, unknown>;

/**
 * The component schemas an operation's docs name, by component name: request bodies (zod,
 * converted as what a client may send), answers (zod, as what the gateway sends), and schemas
 * written out as JSON Schema. A name is defined once across the gateway: shared shapes live in
 * openapi/shared-components.ts.
 */
export interface ComponentSchemas {
  readonly requests?: Readonly<Record<string, z.ZodType>>;
  readonly answers?: Readonly<Record<string, z.ZodType>>;
  readonly written?: Readonly<Record<string, JsonSchema>>;
}

/** An operation's part of `/openapi.json`: each endpoint's doc by endpoint id, and the components they name. */
export interface OperationDocs {
  readonly endpoints: Readonly<Record<string, OperationDoc>>;
  readonly components?: ComponentSchemas;
}
