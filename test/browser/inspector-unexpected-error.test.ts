import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { virtualClock } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { launchChromium, skipBrowser } from './chromium.ts';

const WAIT = { timeout: 10_000 };

/** Issue 25.10: a masked 500 for a bug is flagged in the inspector, with the id to look for in the server log. */
describe.skipIf(skipBrowser)('inspector: unexpected errors in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = await startServer({ port: 0, clock: virtualClock() });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${new URL(server.baseUrl).origin}/__gatewaykit/`);
    await page.waitForSelector('#conn[data-ok="true"]', WAIT);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    vi.restoreAllMocks();
  });

  it('the row says "unexpected error" in red and its title names the X-Generation-Id', async () => {
    server.gateway.videos.getFor = () => {
      throw new Error('boom');
    };
    const res = await fetch(`${server.baseUrl}/videos/gen-vid-1-AAAAAAAAAAAAAAAAAAAA`, { headers: { authorization: 'Bearer sk-gw-test' } });
    expect(res.status).toBe(500);
    const seq = server.gateway.control.requestCount() - 1;
    const cell = page.locator(`tr.entry[data-seq="${seq}"] td[data-unexpected]`);
    await cell.waitFor(WAIT);
    expect(await cell.innerText()).toBe('500 unexpected error');
    expect(await cell.getAttribute('class')).toContain('s5');
    expect(await cell.getAttribute('title')).toContain(res.headers.get('x-generation-id'));
  });
});
