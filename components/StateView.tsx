import type { ComponentChildren } from 'preact';
import { RefreshButton } from './RefreshButton';

export interface StateViewProps {
  /** Names the state for styling (`state-<kind>`). */
  kind: string;
  title: ComponentChildren;
  /** The site the state is about, shown under the title. */
  target?: string | null;
  children?: ComponentChildren;
  /** Extra actions (links) shown before the Refresh button. */
  actions?: ComponentChildren;
  onRefresh?: (() => void) | undefined;
}

/** The common frame of every view that is not a report: a title, a few lines, actions. */
export function StateView({ kind, title, target, children, actions, onRefresh }: StateViewProps) {
  const hasActions = actions != null || onRefresh !== undefined;
  return (
    <section class={`state state-${kind}`}>
      <h1 class="state-title">{title}</h1>
      {target ? <p class="state-target">{target}</p> : null}
      {children}
      {hasActions ? (
        <div class="actions">
          {actions}
          {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
        </div>
      ) : null}
    </section>
  );
}
