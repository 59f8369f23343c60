export interface LoadingViewProps {
  /** The site being looked up; null while not even that is known. */
  target: string | null;
}

export function LoadingView({ target }: LoadingViewProps) {
  return (
    <section class="state state-loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <h1 class="state-title">Looking up {target ?? 'this site'}…</h1>
      <p class="muted">Fetching the latest stored readiness report.</p>
    </section>
  );
}
