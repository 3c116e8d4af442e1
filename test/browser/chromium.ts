import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** A program on PATH, or undefined. */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The system Chromium (the Debian package `chromium`, which CI installs when missing), or
 * CHROMIUM_PATH. playwright-core drives it; no browser is downloaded.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? onPath('chromium') ?? onPath('chromium-browser');

/**
 * Without a Chromium the browser tests are skipped locally; in CI (CI set) they run and fail with
 * the reason, so a missing browser is never a silent pass.
 */
export const skipBrowser = !chromiumPath && !process.env.CI;

/** One headless browser per test file (starting one costs seconds on a small machine). */
export function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('No chromium on PATH (apt-get install chromium, or set CHROMIUM_PATH)');
  return chromium.launch({ executablePath: chromiumPath, timeout: 30_000 });
}

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where a test's screenshot goes: docs/images/ when GATEWAYKIT_SCREENSHOTS=1 (re-recording the
 * committed ones), else test-results/screenshots/ (ignored by git), so a plain test run leaves
 * the working tree clean.
 */
export async function screenshotPath(name: string): Promise<string> {
  const dir = process.env.GATEWAYKIT_SCREENSHOTS === '1' ? join(repo, 'docs/images') : join(repo, 'test-results/screenshots');
  await mkdir(dir, { recursive: true });
  return join(dir, name);
}
