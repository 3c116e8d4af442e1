import { MAX_SCOPE_ID_LENGTH } from '../http/scope-id.ts';

/** What of a vitest task names its scope. */
export interface ScopedTask {
  readonly id: string;
  readonly name: string;
  readonly file?: { readonly name: string };
}

/**
 * The `X-Test-Id` of one test: its file and name, readable in the journal, then vitest's task
 * id, which is unique per test in the run, so two tests of the same name never share a scope.
 *
 * @example
 * testScopeId({ id: '-1732_0_1', name: 'pays once', file: { name: 'test/checkout.test.ts' } });
 * // 'checkout.test.ts/pays-once~1732_0_1'
 */
export function testScopeId(task: ScopedTask): string {
  const slug = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-._]+|-+$/g, '');
  const file = slug((task.file?.name ?? '').split('/').pop() ?? '');
  const unique = slug(task.id) || '0';
  const readable = [file, slug(task.name)].filter(Boolean).join('/') || 't';
  // The readable part gives way to the unique suffix: the id stays within the header's bound.
  return `${readable.slice(0, MAX_SCOPE_ID_LENGTH - unique.length - 1).replace(/^[^A-Za-z0-9]+/, '') || 't'}~${unique}`;
}
