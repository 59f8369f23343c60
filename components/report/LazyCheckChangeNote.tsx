import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { CheckChangeNoteProps } from './CheckChangeNote';

/**
 * The check changes, fetched as their own chunk once there is a diff to show: the diff itself
 * arrives after the first frame, so the popup's first render does not carry the note's code.
 */
export function LazyCheckChangeNote({ diff }: { diff: CheckDiff }) {
  const [Note, setNote] = useState<FunctionComponent<CheckChangeNoteProps> | null>(null);
  useEffect(() => {
    let current = true;
    import('./CheckChangeNote').then(({ CheckChangeNote }) => {
      if (current) setNote(() => CheckChangeNote);
    });
    return () => {
      current = false;
    };
  }, []);
  return Note === null ? null : <Note diff={diff} />;
}
