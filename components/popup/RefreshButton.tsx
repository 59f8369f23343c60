import { t } from '../../lib/locale/i18n';

export interface RefreshButtonProps {
  onRefresh: () => void;
}

export function RefreshButton({ onRefresh }: RefreshButtonProps) {
  return (
    <button type="button" class="button" onClick={() => onRefresh()}>
      {t('popupRefresh')}
    </button>
  );
}
