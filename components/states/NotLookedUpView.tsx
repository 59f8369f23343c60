import { STATE_COLORS } from '../../lib/badge/score-band';
import type { NotLookedUpReason } from '../../lib/privacy/lookup-target';
import { notLookedUpText } from '../../lib/privacy/not-looked-up-reasons';
import { StateView } from './StateView';

export interface NotLookedUpViewProps {
  reason: NotLookedUpReason;
}

/**
 * The toolbar shows no mark for a site that was not looked up; the popup draws a pause sign
 * for a paused site and a struck-through circle for the rest, sites never sent at all.
 */
const MARK: Partial<Record<NotLookedUpReason, string>> = { paused: '❚❚' };

export function NotLookedUpView({ reason }: NotLookedUpViewProps) {
  const text = notLookedUpText(reason);
  return (
    <StateView
      kind="not-looked-up"
      mark={MARK[reason] ?? '⊘'}
      markColor={STATE_COLORS.neutral}
      title={text.title}
    >
      <p>{text.why}</p>
    </StateView>
  );
}
