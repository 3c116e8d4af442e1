import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { launchChromium, onPath, screenshotPath, skipBrowser } from './chromium.ts';

const run = promisify(execFile);
const curl = onPath('curl');
const KEY = 'sk-gw-test';
const WAIT = { timeout: 10_000 };

/**
 * The inspector page in a real browser (headless Chromium) against a real server: requests made
 * from outside (curl) appear live, and the page's controls change the gateway.
 */
describe.skipIf(skipBrowser)('inspector page (GET /__gatewaykit/) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let loads = 0;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ port: 0, clock: virtualClock() });
    origin = new URL(server.baseUrl).origin;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('load', () => loads++);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const response = await page.goto(`${origin}/__gatewaykit/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'sha256-/);
    await page.waitForSelector('#conn[data-ok="true"]', WAIT);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** POST /responses (or `path`) from outside the page: real curl when installed, else fetch. */
  async function post(body: unknown, key = KEY, path = '/responses'): Promise<{ status: number; seq: number }> {
    const status = await send(body, key, path);
    return { status, seq: server.gateway.control.requestCount() - 1 };
  }
  async function send(body: unknown, key: string, path = '/responses'): Promise<number> {
    const url = `${server.baseUrl}${path}`;
    const json = JSON.stringify(body);
    if (curl) {
      const { stdout } = await run(
        curl,
        [
          '-s',
          '-N',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          '-H',
          `authorization: Bearer ${key}`,
          '-H',
          'content-type: application/json',
          '--data-binary',
          json,
          url,
        ],
        { timeout: 10_000 },
      );
      return Number(stdout);
    }
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: json });
    await res.arrayBuffer();
    return res.status;
  }

  it('shows a request made with curl without a reload: masked headers, body, status and answer; streams as timed events', async () => {
    const hostile = 'Hi <img src=x onerror=window.__pwned=1> there';
    const first = await post({ model: 'openai/gpt-4o-mini', input: hostile });
    expect(first.status).toBe(200);
    const row = page.locator(`tr.entry[data-seq="${first.seq}"]`);
    await row.waitFor(WAIT);
    await expect.poll(() => row.innerText()).toMatch(/POST\s+\/api\/v1\/responses\s+200\s+openai\/gpt-4o-mini\s+sk…[0-9a-f]{8}/);
    await row.click();
    const detail = page.locator(`tr.detail[data-seq="${first.seq}"]`);
    const text = await detail.innerText();
    if (curl) expect(text).toMatch(/user-agent\s+curl\//);
    expect(text).toMatch(/authorization\s+Bearer sk…[0-9a-f]{8}/);
    expect(text).not.toContain(KEY);
    expect(text).toContain(hostile); // shown as text...
    expect(await page.locator('img').count()).toBe(0); // ...never as markup
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(text).toMatch(/Answer: 200/);
    expect(text).toContain('"object": "response"');

    const streamed = await post({ model: 'openai/gpt-4o-mini', input: 'Stream, please', stream: true });
    expect(streamed.status).toBe(200);
    const streamRow = page.locator(`tr.entry[data-seq="${streamed.seq}"]`);
    await streamRow.waitFor(WAIT);
    await streamRow.click();
    const events = page.locator(`tr.detail[data-seq="${streamed.seq}"] ol.events li`);
    await expect.poll(() => events.count()).toBeGreaterThan(3);
    const labels = await page.locator(`tr.detail[data-seq="${streamed.seq}"] ol.events li .ev`).allInnerTexts();
    expect(labels.filter((l) => l.startsWith('response.'))[0]).toBe('response.created');
    expect(labels).toContain('response.output_text.delta');
    expect(labels.filter((l) => l.startsWith('response.')).at(-1)).toBe('response.completed');
    expect(await page.locator(`tr.detail[data-seq="${streamed.seq}"] ol.events li .t`).first().innerText()).toMatch(/^\+\d+ ms$/);
    await row.click(); // fold the first one for the screenshot
    await page.screenshot({ path: await screenshotPath('inspector-journal.png'), fullPage: true });
    expect(loads).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('shows a streamed chat completion as its chat.completion.chunk events, then [DONE]', async () => {
    const streamed = await post(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Stream a chat, please' }], stream: true },
      KEY,
      '/chat/completions',
    );
    expect(streamed.status).toBe(200);
    const row = page.locator(`tr.entry[data-seq="${streamed.seq}"]`);
    await row.waitFor(WAIT);
    await expect.poll(() => row.innerText()).toMatch(/POST\s+\/api\/v1\/chat\/completions\s+200 stream/);
    await row.click();
    const labels = page.locator(`tr.detail[data-seq="${streamed.seq}"] ol.events li .ev`);
    await expect.poll(() => labels.count()).toBeGreaterThan(3);
    const texts = await labels.allInnerTexts();
    expect(texts[0]).toBe('comment');
    expect(texts.slice(1, -1).every((l) => l === 'chat.completion.chunk')).toBe(true);
    expect(texts.at(-1)).toBe('[DONE]');
    await row.click();
    expect(pageErrors).toEqual([]);
  });

  it('filters by status and key through the journal API', async () => {
    const ok = await post({ model: 'openai/gpt-4o-mini', input: 'with a key' });
    const refused = await post({ model: 'openai/gpt-4o-mini', input: 'no key' }, 'sk-not-a-key');
    expect([ok.status, refused.status]).toEqual([200, 401]);
    await page.locator(`tr.entry[data-seq="${refused.seq}"]`).waitFor(WAIT);
    const all = await page.locator('tr.entry').count();
    await page.fill('#filters [name=status]', '4xx');
    await expect.poll(() => page.locator('tr.entry').count()).toBe(1);
    expect(await page.locator('tr.entry').first().getAttribute('data-seq')).toBe(String(refused.seq));
    await page.fill('#filters [name=status]', '');
    const key = (await page.locator(`tr.entry[data-seq="${ok.seq}"] td`).nth(6).innerText()).trim();
    expect(key).toMatch(/^sk…[0-9a-f]{8}$/);
    await page.fill('#filters [name=key]', key);
    await expect.poll(() => page.locator('tr.entry').count()).toBe(all - 1); // all but the refused one
    await page.fill('#filters [name=key]', '');
    await expect.poll(() => page.locator('tr.entry').count()).toBe(all);
  });

  it('filters by the conformance check that sent a request (its X-Gatewaykit-Check), exactly or by prefix', async () => {
    const sent = async (check: string) => {
      const res = await fetch(`${server.baseUrl}/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-gatewaykit-check': check },
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: check }),
      });
      await res.arrayBuffer();
      return server.gateway.control.requestCount() - 1;
    };
    const store = await sent('validation.store');
    const user = await sent('validation.user-length');
    await page.locator(`tr.entry[data-seq="${user}"]`).waitFor(WAIT);
    const all = await page.locator('tr.entry').count();
    await page.fill('#filters [name=check]', 'validation.store');
    await expect.poll(() => page.locator('tr.entry').count()).toBe(1);
    expect(await page.locator('tr.entry').first().getAttribute('data-seq')).toBe(String(store));
    await page.fill('#filters [name=check]', 'validation.*');
    await expect.poll(() => page.locator('tr.entry').count()).toBe(2);
    await page.fill('#filters [name=check]', '');
    await expect.poll(() => page.locator('tr.entry').count()).toBe(all);
    expect(pageErrors).toEqual([]);
  });

  it('advancing the clock from the page moves a video job; cancel stops another', async () => {
    const submit = async () => {
      const res = await fetch(`${server.baseUrl}/videos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/sora-2', prompt: 'a lighthouse at dusk' }),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { id: string }).id;
    };
    const id = await submit();
    const status = page.locator(`tr[data-job="${id}"] td.status`);
    await status.waitFor(WAIT);
    expect(await status.innerText()).toBe('pending');
    const before = await page.locator('#clock-now').innerText();
    await page.click('button[data-advance="600000"]'); // +10 min: past the job's 46 s of queue and work
    await expect.poll(() => status.innerText(), WAIT).toBe('completed');
    expect(await page.locator('#clock-now').innerText()).not.toBe(before);
    const job = (await (await fetch(`${server.baseUrl}/videos/${id}`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { status: string };
    expect(job.status).toBe('completed');
    expect(await page.locator(`tr[data-job="${id}"] button`).count()).toBe(0); // nothing to cancel

    const other = await submit();
    await page.locator(`tr[data-job="${other}"] button[data-cancel]`).click();
    await expect.poll(() => page.locator(`tr[data-job="${other}"] td.status`).innerText(), WAIT).toBe('cancelled');
    expect(server.gateway.videos.get(other)?.cancelled_at).not.toBeNull();
    await page.screenshot({ path: await screenshotPath('inspector-videos.png'), fullPage: true });
  });

  it('adds and clears provider faults, adds and removes scripted replies', async () => {
    await page.fill('#fault-form [name=provider]', 'openai');
    await page.selectOption('#fault-form [name=status]', '503');
    await page.fill('#fault-form [name=count]', '2');
    await page.click('#fault-form button[type=submit]');
    await page.locator('tr[data-provider="openai"]').waitFor(WAIT);
    expect(server.gateway.control.providerFaults()).toEqual({ openai: { status: 503, remaining: 2 } });
    await page.fill('#fault-form [name=provider]', 'anthropic');
    await page.fill('#fault-form [name=count]', '');
    await page.click('#fault-form button[type=submit]');
    await page.locator('tr[data-provider="anthropic"]').waitFor(WAIT);
    expect(await page.locator('tr[data-provider="anthropic"]').innerText()).toContain('until cleared');
    await page.locator('tr[data-provider="openai"] button').click();
    await page.locator('tr[data-provider="openai"]').waitFor({ state: 'detached', ...WAIT });
    await page.click('#faults-clear');
    await page
      .locator('tr[data-provider]')
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    expect(server.gateway.control.providerFaults()).toEqual({});
    // A bad status is refused with the gateway's own message, shown on the page.
    await page.fill('#fault-form [name=provider]', 'openai');
    await page.evaluate(() => {
      const select = document.querySelector('#fault-form [name=status]') as HTMLSelectElement;
      select.append(new Option('418', '418'));
      select.value = '418';
    });
    await page.click('#fault-form button[type=submit]');
    await expect.poll(() => page.locator('#faults-error').innerText(), WAIT).toMatch(/418 is not a provider fault status/);

    await page.fill('#script-form [name=rule]', JSON.stringify({ id: 'weather', match: { input: 'weather' }, reply: { type: 'text', text: 'Sunny, 21 °C.' } }));
    await page.click('#script-form button[type=submit]');
    await page.locator('tr[data-script="weather"]').waitFor(WAIT);
    const res = await fetch(`${server.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'How is the weather?' }),
    });
    expect(JSON.stringify(await res.json())).toContain('Sunny, 21 °C.');
    await page.fill('#script-form [name=rule]', '{"reply": {"type": "text"}}');
    await page.click('#script-form button[type=submit]');
    await expect.poll(() => page.locator('#scripts-error').innerText(), WAIT).toMatch(/reply\.text/);
    await page.screenshot({ path: await screenshotPath('inspector-controls.png'), fullPage: true });
    await page.locator('tr[data-script="weather"] button').click();
    await page.locator('tr[data-script="weather"]').waitFor({ state: 'detached', ...WAIT });
    expect(server.gateway.scripts()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('Reset empties the journal and the jobs and rewinds the clock; the next request is seq 0 again', async () => {
    expect(server.gateway.control.requestCount()).toBeGreaterThan(0);
    await page.click('#reset');
    await expect.poll(() => page.locator('#journal-rows').innerText(), WAIT).toContain('No requests yet');
    await expect.poll(() => page.locator('#video-rows').innerText(), WAIT).toContain('No video jobs');
    expect(await page.locator('#clock-now').innerText()).toBe('2026-01-01T00:00:00.000Z');
    const again = await post({ model: 'openai/gpt-4o-mini', input: 'after reset' });
    expect(again.seq).toBe(0);
    await page.locator('tr.entry[data-seq="0"]').waitFor(WAIT);
    expect(await page.locator('tr.entry').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
