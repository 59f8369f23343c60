import { notLookedUpText } from '../lib/not-looked-up-reasons';
import type { NotLookedUpReason } from '../lib/tab-view';
import { StateView } from './StateView';

export interface NotLookedUpViewProps {
  reason: NotLookedUpReason;
}

export function NotLookedUpView({ reason }: NotLookedUpViewProps) {
  const text = notLookedUpText(reason);
  return (
    <StateView kind="not-looked-up" title={text.title}>
      <p>{text.why}</p>
    </StateView>
  );
}
