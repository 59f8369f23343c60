import { render } from 'preact';
import {
  namedTabId,
  type PopupStart,
  readPopupStart,
  resolvePopupTabId,
} from '../../lib/page/popup-start';
import { handedState } from '../../lib/tabs/tab-state';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  // The state the worker handed to this tab's popup: the first frame draws it at once.
  const handed = handedState(location.search);
  const show = (tabId: number | null, start: PopupStart | null | 'reading') =>
    render(<App tabId={tabId} start={start} handed={handed} />, root);
  if (handed) show(namedTabId(location.search), 'reading');
  // Every read starts here, at once; the popup renders when they are in (again, in place).
  readPopupStart(location.search).then(
    (start) => show(start.tabId, start),
    () =>
      resolvePopupTabId(location.search).then(
        (tabId) => show(tabId, null),
        () => show(null, null),
      ),
  );
}
