import { t } from '../../lib/locale/i18n';

export interface ConsentNoticeProps {
  /** The host of the report service the origins would go to. */
  serviceHost: string;
  onChoose: (automatic: boolean) => void;
}

/**
 * Shown until the user answers whether sites may be looked up automatically. The popup's own
 * lookup needs no answer: opening it is the request.
 */
export function ConsentNotice({ serviceHost, onChoose }: ConsentNoticeProps) {
  return (
    <section class="consent" aria-labelledby="consent-title">
      <h2 id="consent-title">{t('popupConsentTitle')}</h2>
      <p>{t('popupConsentBody', serviceHost)}</p>
      <div class="actions">
        <button type="button" class="button button-primary" onClick={() => onChoose(true)}>
          {t('popupConsentAutomatic')}
        </button>
        <button type="button" class="button" onClick={() => onChoose(false)}>
          {t('popupConsentOnClick')}
        </button>
      </div>
    </section>
  );
}
