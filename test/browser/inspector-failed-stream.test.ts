import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { launchChromium, screenshotPath, skipBrowser } from './chromium.ts';

const WAIT = { timeout: 10_000 };
const headers = (extra: Record<string, string> = {}) => ({ authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', ...extra });

/**
 * Failures the inspector must not hide: a stream whose status line said 200 and which then ended
 * in an `error` event and `response.failed`, and a forced 503 (whose row names the model).
 */
describe.skipIf(skipBrowser)('inspector: failed streams and forced errors in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ port: 0, clock: virtualClock() });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${new URL(server.baseUrl).origin}/__gatewaykit/`);
    await page.waitForSelector('#conn[data-ok="true"]', WAIT);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function post(body: unknown, extra: Record<string, string> = {}): Promise<{ status: number; seq: number }> {
    const res = await fetch(`${server.baseUrl}/responses`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });
    await res.arrayBuffer();
    return { status: res.status, seq: server.gateway.control.requestCount() - 1 };
  }

  it('a stream ending in an error event is shown as failed and found by the 5xx filter; a forced 503 names its model', async () => {
    const ok = await post({ model: 'openai/gpt-4o-mini', input: 'Fine stream', stream: true });
    const failed = await post({ model: 'openai/gpt-4o-mini', input: 'Doomed stream', stream: true }, { 'x-gatewaykit-fault': 'stream-error' });
    const forced = await post({ model: 'anthropic/claude-sonnet-4.5', input: 'Forced' }, { 'x-gatewaykit-fault': '503' });
    expect([ok.status, failed.status, forced.status]).toEqual([200, 200, 503]);

    const failedCell = page.locator(`tr.entry[data-seq="${failed.seq}"] td[data-failed]`);
    await failedCell.waitFor(WAIT);
    expect(await failedCell.innerText()).toBe('200 stream failed (502)');
    expect(await failedCell.getAttribute('class')).toContain('s5');
    expect(await failedCell.getAttribute('title')).toContain('the upstream stream failed mid-response');
    expect(await page.locator(`tr.entry[data-seq="${ok.seq}"] td[data-failed]`).count()).toBe(0);
    await expect.poll(() => page.locator(`tr.entry[data-seq="${forced.seq}"]`).innerText()).toMatch(/503\s+anthropic\/claude-sonnet-4\.5/);

    await page.locator(`tr.entry[data-seq="${failed.seq}"]`).click();
    expect(await page.locator(`tr.detail[data-seq="${failed.seq}"] h3.s5`).innerText()).toMatch(
      /^Answer: 200, streamed: \d+ events, failed \(502: Provider returned error/,
    );

    await page.fill('#filters [name=status]', '5xx');
    await expect
      .poll(() => page.locator('tr.entry').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seq')))))
      .toEqual([forced.seq, failed.seq]);
    const path = await screenshotPath('inspector-failed-stream.png');
    await page.screenshot({ path, fullPage: true });
    await page.fill('#filters [name=status]', '');
  });
});
