import { useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';

export interface CopyFixListButtonProps {
  /** Copies the list; resolves to whether the clipboard took it. */
  onCopy: () => Promise<boolean>;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The button and, in a live region beside it, whether the copy worked. */
export function CopyFixListButton({ onCopy }: CopyFixListButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  return (
    <>
      <button
        type="button"
        class="button"
        onClick={() => onCopy().then((copied) => setState(copied ? 'copied' : 'failed'))}
      >
        {t('popupCopyFixList')}
      </button>
      <p class={`copy-status copy-status-${state}`} role="status">
        {state === 'copied' ? t('popupCopied') : state === 'failed' ? t('popupCopyFailed') : ''}
      </p>
    </>
  );
}
