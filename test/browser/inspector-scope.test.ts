import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { launchChromium, skipBrowser } from './chromium.ts';

const WAIT = { timeout: 15_000 };

/** The inspector at `?testId=<id>` shows and controls that scope of a shared server. */
describe.skipIf(skipBrowser)('inspector: one test scope in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ port: 0, clock: virtualClock(), catalog: 'small' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${new URL(server.baseUrl).origin}/__gatewaykit/?testId=checkout-1`);
    await page.waitForSelector('#conn[data-ok="true"]', WAIT);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lists the scope's requests only, names the scope, and its reset clears that scope only", async () => {
    // A different operation per scope, so a row tells whose request it shows.
    const get = (path: string, scope?: string) =>
      fetch(`${server.baseUrl}${path}`, { headers: { authorization: 'Bearer sk-gw-test', ...(scope ? { 'x-test-id': scope } : {}) } });
    await get('/models', 'checkout-1');
    await get('/credits', 'other-2');
    await get('/key');
    await page.locator('#journal-rows tr.entry').first().waitFor(WAIT);
    expect(await page.locator('#journal-title').innerText()).toContain('Scope checkout-1');
    const paths = await page.locator('#journal-rows tr.entry').allInnerTexts();
    expect(paths).toHaveLength(1);
    expect(paths[0]).toContain('/api/v1/models');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.click('#reset');
    await expect.poll(() => server.gateway.scope('checkout-1').requests().length, WAIT).toBe(0);
    expect(server.gateway.scope('other-2').requests()).toHaveLength(1);
    expect(server.gateway.requests()).toHaveLength(1);
  });
});
