import { hash53 } from '../random/hash.ts';

/**
 * A version-4-shaped UUID drawn from the seed and a label: the same seed and creation order give
 * the same ids (DESIGN: same seed, same bytes), as the reference's ids of workspaces, members,
 * budgets and credentials look.
 *
 * @example
 * seededUuid(0, 'workspace:7'); // 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'
 */
export function seededUuid(seed: number, label: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i++) hex += hash53(`${label}:${i}`, seed).toString(16).padStart(14, '0');
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
