import { existsSync, readFileSync } from 'node:fs';

/**
 * The version of the installed gatewaykit: from the package.json above this file (the source
 * tree keeps it two levels up, the build three).
 *
 * @example
 * packageVersion(); // '0.1.0'
 */
export function packageVersion(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    const url = new URL(up, import.meta.url);
    if (!existsSync(url)) continue;
    const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'gatewaykit' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
