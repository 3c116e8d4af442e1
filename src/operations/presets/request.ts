import { z } from 'zod';
import { GatewayError } from '../../errors/gateway-error.ts';
import { ChatRequestSchema } from '../../schemas/chat-request.ts';
import { MessagesRequestSchema } from '../../schemas/messages-request.ts';
import { ResponsesRequestSchema } from '../../schemas/responses-request.ts';
import type { PresetSurface } from '../../management/preset-config.ts';

/** A slug is URL-safe (reference: "URL-safe slug identifying the preset") and short; hostile input needs a bound. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The `{slug}` path parameter, or the 400 naming the rule. */
export function slugOf(raw: string | undefined): string {
  const slug = raw ?? '';
  if (!SLUG_PATTERN.test(slug)) {
    throw new GatewayError(
      400,
      `slug: must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (got ${JSON.stringify(slug.slice(0, 80))})`,
    );
  }
  return slug;
}

/** The `{version}` path parameter: a version number (reference getPresetVersion). */
export function versionOf(raw: string | undefined): number {
  if (!/^[1-9]\d{0,8}$/.test(raw ?? ''))
    throw new GatewayError(400, `version: must be a version number >= 1 (got ${JSON.stringify((raw ?? '').slice(0, 80))})`);
  return Number(raw);
}

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** reference listPresets and listPresetVersions query: `offset` (>= 0, `null` the default), `limit` (1-100, default 50). */
export const PageQuerySchema = z.object({
  offset: z.union([z.literal('null').transform(() => 0), whole(0, 1e9)]).optional(),
  limit: whole(1, 100).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The body each creation takes: the surface's own request (reference ChatRequest, MessagesRequest, ResponsesRequest). */
export const CREATION_BODIES: Record<PresetSurface, z.ZodType> = {
  chat: ChatRequestSchema,
  messages: MessagesRequestSchema,
  responses: ResponsesRequestSchema,
};
