import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GatewayError } from '../errors/gateway-error.ts';
import { readJsonRequest, validRequest } from './read-json-request.ts';

const Schema = z.strictObject({ model: z.string().min(1), n: z.number().int().optional() });

describe('readJsonRequest', () => {
  it('answers the typed request for a valid body', async () => {
    await expect(readJsonRequest({ json: async () => ({ model: 'm', n: 2 }) }, Schema)).resolves.toEqual({ model: 'm', n: 2 });
  });

  it('makes a 400 naming each field and rule broken', async () => {
    const error = await readJsonRequest({ json: async () => ({ model: '', n: 1.5, extra: true }) }, Schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(400);
    expect((error as GatewayError).message).toMatch(/^model: at least 1 characters/);
    expect((error as GatewayError).message).toContain('n: expected integer, got number 1.5');
    expect((error as GatewayError).message).toContain('extra: unknown property');
  });

  it("passes the body reader's own 400 through unchanged", async () => {
    const bad = new GatewayError(400, 'Request body is not valid JSON');
    await expect(
      readJsonRequest(
        {
          json: async () => {
            throw bad;
          },
        },
        Schema,
      ),
    ).rejects.toBe(bad);
  });
});

describe('validRequest', () => {
  it("keeps zod's own wording when asked to (params {})", () => {
    const own = (() => {
      try {
        validRequest(Schema, { model: 3 }, {});
      } catch (e) {
        return (e as Error).message;
      }
    })();
    const gateway = (() => {
      try {
        validRequest(Schema, { model: 3 });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(own).toMatch(/^model: /);
    expect(own).not.toBe(gateway);
  });
});
