import { t } from '../../lib/locale/i18n';

/** `origin`: the site being looked up; null while not even that is known. */
export function LoadingView({ origin }: { origin: string | null }) {
  return (
    <section class="state state-loading" role="status" aria-live="polite">
      <header class="state-head">
        <span class="spinner" aria-hidden="true" />
        <div class="state-heading">
          <h1 class="state-title">
            {origin === null ? t('popupLoadingUnknown') : t('popupLoadingSite', origin)}
          </h1>
        </div>
      </header>
      <p class="muted">{t('popupLoadingBody')}</p>
      {/* The shape of the report to come, so the popup does not jump when it arrives. */}
      <div class="skeleton" aria-hidden="true">
        <span class="skeleton-line" />
        <span class="skeleton-line" />
        <span class="skeleton-line short" />
      </div>
    </section>
  );
}
