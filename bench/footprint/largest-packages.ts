/** An installed package and the bytes of its folder (its own nested node_modules included). */
export interface PackageSize {
  name: string;
  bytes: number;
}

/**
 * The `n` largest packages of an install, a name installed more than once (nested copies) summed
 * under that name. A package's folder holds its nested node_modules, so a parent's size includes
 * the copies nested in it.
 *
 * @example
 * largestPackages([{ name: 'zod', bytes: 9e6 }, { name: 'msw', bytes: 8e6 }], 1); // [{ name: 'zod', bytes: 9e6 }]
 */
export function largestPackages(packages: readonly PackageSize[], n: number): PackageSize[] {
  const byName = new Map<string, number>();
  for (const p of packages) byName.set(p.name, (byName.get(p.name) ?? 0) + p.bytes);
  return [...byName]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name))
    .slice(0, n);
}
