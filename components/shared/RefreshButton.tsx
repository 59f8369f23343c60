import { t } from '../../lib/locale/i18n';

export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  return (
    <button type="button" class="button" onClick={() => onRefresh()}>
      {t('popupRefresh')}
    </button>
  );
}
