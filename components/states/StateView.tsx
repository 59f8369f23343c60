import type { ComponentChildren } from 'preact';
import { RefreshButton } from '../popup/RefreshButton';
import { StateMark } from './StateMark';

export interface StateViewProps {
  /** Names the state for styling (`state-<kind>`). */
  kind: string;
  /** The badge's mark and colour for the state, drawn large beside the title. */
  mark: string;
  markColor: string;
  title: ComponentChildren;
  /** The site the state is about, shown under the title. */
  target?: string | null;
  children?: ComponentChildren;
  /** Extra actions (links, buttons) shown before the Refresh button. */
  actions?: ComponentChildren;
  onRefresh?: (() => void) | undefined;
}

/** The common frame of every view that is not a report: mark, title, site, a few lines, actions. */
export function StateView({
  kind,
  mark,
  markColor,
  title,
  target,
  children,
  actions,
  onRefresh,
}: StateViewProps) {
  const hasActions = actions != null || onRefresh !== undefined;
  return (
    <section class={`state state-${kind}`}>
      <header class="state-head">
        <StateMark mark={mark} color={markColor} />
        <div class="state-heading">
          <h1 class="state-title">{title}</h1>
          {target ? <p class="state-target">{target}</p> : null}
        </div>
      </header>
      <div class="state-body">{children}</div>
      {hasActions ? (
        <div class="actions">
          {actions}
          {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
        </div>
      ) : null}
    </section>
  );
}
