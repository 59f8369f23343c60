import type { CheckDiff } from '../../lib/history/check-diff';
import { useLazyComponent } from '../../lib/ui/use-lazy-component';

/**
 * The check changes, fetched as their own chunk once there is a diff to show: the diff itself
 * arrives after the first frame, so the popup's first render does not carry the note's code.
 */
export function LazyCheckChangeNote({ diff }: { diff: CheckDiff }) {
  const Note = useLazyComponent(() =>
    import('./CheckChangeNote').then((chunk) => chunk.CheckChangeNote),
  );
  return Note === null ? null : <Note diff={diff} />;
}
