import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserExample } from '../../examples/browser/build-example.ts';
import { serveStatic } from '../../examples/browser/serve-example.ts';
import { launchChromium, screenshotPath, skipBrowser } from './chromium.ts';

type Built = Awaited<ReturnType<typeof buildBrowserExample>>;

/**
 * examples/browser in a real browser: createGateway() behind msw's setupWorker, called by the
 * openai JS SDK, streams a reply; the bundle keeps node-only modules and the tokenizer out of
 * what the page loads first.
 */
describe('the simulator in a browser (examples/browser)', () => {
  let dir: string;
  let built: Built;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatewaykit-browser-'));
    built = await buildBrowserExample({ outdir: dir });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bundles for the browser with no node: module, the tokenizer in a chunk of its own loaded on demand', () => {
    const inputs = Object.values(built.metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.filter((i) => i.startsWith('node:') || /(^|\/)src\/(adapter\/node|cli)\//.test(i))).toEqual([]);
    const initialInputs = built.sizes.initial.files.flatMap((f) => Object.keys(built.metafile.outputs[f]?.inputs ?? {}));
    expect(initialInputs.some((i) => i.includes('gpt-tokenizer'))).toBe(false);
    expect(initialInputs.some((i) => /(^|\/)src\/gateway\/create-gateway\.ts$/.test(i))).toBe(true);
    expect(built.sizes.initial.files).not.toContain(built.sizes.tokenizer.file);
    // The o200k_base tables (about 2.6 MB) are what the first load is spared.
    expect(built.sizes.tokenizer.bytes).toBeGreaterThan(2_000_000);
  });

  describe.skipIf(skipBrowser)('in Chromium', () => {
    let browser: Browser;
    let site: Awaited<ReturnType<typeof serveStatic>>;
    beforeAll(async () => {
      site = await serveStatic(join(dir, '/'), 0); // with a trailing separator, as the npm script passes it
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    it('gets a streamed reply through the openai SDK from the setupWorker gateway', async () => {
      const page = await browser.newPage({ viewport: { width: 900, height: 560 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Errors the page logs (the gateway reports a bug as console.error before its 500); the
      // favicon's 404 is no error of ours.
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
      });
      const loaded: string[] = [];
      page.on('request', (request) => loaded.push(request.url()));
      await page.goto(site.url);
      await page.waitForSelector('body[data-state="done"], body[data-state="error"]', { timeout: 30_000 });
      expect(errors).toEqual([]);
      expect(await page.locator('#status').innerText()).toMatch(/^Done: \d+ deltas, \d+ output tokens\.$/);
      const deltas = Number(await page.locator('#reply').getAttribute('data-deltas'));
      expect(deltas).toBeGreaterThan(1); // streamed, not one block
      expect((await page.locator('#reply').innerText()).length).toBeGreaterThan(20);
      // The API call went to a host that does not exist: only the worker can have answered it.
      const api = loaded.findIndex((u) => u === 'https://gateway.test/api/v1/responses');
      const tokenizer = loaded.findIndex((u) => u.endsWith(relative(dir, built.sizes.tokenizer.file).replace(/\\/g, '/')));
      expect(api).toBeGreaterThanOrEqual(0);
      expect(tokenizer).toBeGreaterThan(api); // fetched on first use, not with the page
      // The same question through chat completions, streamed by the same worker.
      await page.waitForSelector('#chat-reply[data-state="done"], #chat-reply[data-state="error"]', { timeout: 30_000 });
      expect(await page.locator('#chat-reply').getAttribute('data-state')).toBe('done');
      expect(Number(await page.locator('#chat-reply').getAttribute('data-chunks'))).toBeGreaterThan(2);
      expect(Number(await page.locator('#chat-reply').getAttribute('data-completion-tokens'))).toBeGreaterThan(0);
      expect(await page.locator('#chat-reply').innerText()).toBe(await page.locator('#reply').innerText());
      expect(loaded).toContain('https://gateway.test/api/v1/chat/completions');
      expect(errors).toEqual([]);
      await page.screenshot({ path: await screenshotPath('browser-example.png') });
    });
  });
});
