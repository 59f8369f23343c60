import { CHECK_ACCESS_RECORD, hostOfPermission } from '../../lib/checks/check-access';
import { t } from '../../lib/locale/i18n';
import { tellWorker } from '../../lib/messaging/protocol';
import { useRecord } from '../shared/use-record';

/** The sites Check now asked the browser to read, each to take back, or all at once. */
export function CheckAccessSection() {
  const permissions = useRecord(CHECK_ACCESS_RECORD) ?? [];
  const onRemove = (permission: string | null) => tellWorker('removeCheckAccess', { permission });
  return (
    <section aria-labelledby="check-access-heading">
      <h2 id="check-access-heading">{t('optionsCheckAccessHeading')}</h2>
      <p class="hint">{t('optionsCheckAccessExplain')}</p>
      {permissions.length === 0 ? (
        <p>{t('optionsCheckAccessEmpty')}</p>
      ) : (
        <>
          <ul class="paused-sites check-access">
            {permissions.map((permission) => (
              <li key={permission}>
                <span class="site">{hostOfPermission(permission)}</span>
                <button
                  type="button"
                  aria-label={t('optionsCheckAccessRemoveSite', hostOfPermission(permission))}
                  onClick={() => onRemove(permission)}
                >
                  {t('optionsCheckAccessRemove')}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => onRemove(null)}>
            {t('optionsCheckAccessRemoveAll')}
          </button>
        </>
      )}
    </section>
  );
}
