import { hostOfPermission } from '../../lib/checks/check-access';
import { t } from '../../lib/locale/i18n';

/** The sites Check now asked the browser to read, each to take back, or all at once. */
export function CheckAccessSection(props: {
  permissions: readonly string[];
  onRemove(permission: string | null): void;
}) {
  const { permissions, onRemove } = props;
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
