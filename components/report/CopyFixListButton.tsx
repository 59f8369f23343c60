import { useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';

/**
 * The button and, in a live region beside it, whether the copy worked. `onCopy` resolves to
 * whether the clipboard took the text; `label`: the button's words, the fix list's by default.
 */
export function CopyFixListButton(props: { onCopy(): Promise<boolean>; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        class="button"
        onClick={() => props.onCopy().then((copied) => setState(copied ? 'copied' : 'failed'))}
      >
        {props.label ?? t('popupCopyFixList')}
      </button>
      <p class={`copy-status copy-status-${state}`} role="status">
        {state === 'copied' ? t('popupCopied') : state === 'failed' ? t('popupCopyFailed') : ''}
      </p>
    </>
  );
}
