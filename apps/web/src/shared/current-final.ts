import type { WorkspaceFile } from '@cabinet/contract';

/**
 * The current version of the work among the order's final files: the newest delivered (latest
 * `created_at`, then the higher id). Null while there is none, and while there is only one — a
 * single final file needs no «текущая версия» beside it.
 */
export function currentFinalId(
  files: readonly Pick<WorkspaceFile, 'id' | 'group' | 'created_at'>[],
): number | null {
  const finals = files.filter((f) => f.group === 'final');
  if (finals.length < 2) return null;
  const newest = finals.reduce((a, b) => {
    const ta = Date.parse(a.created_at);
    const tb = Date.parse(b.created_at);
    return tb > ta || (tb === ta && b.id > a.id) ? b : a;
  });
  return newest.id;
}
