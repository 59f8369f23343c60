import { render } from 'preact';
import { type PopupStart, readPopupStart, resolvePopupTabId } from '../../lib/page/popup-start';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  const show = (tabId: number | null, start: PopupStart | null = null) =>
    render(<App tabId={tabId} start={start} />, root);
  // Every read starts here, at once; the popup renders once, when they are in.
  readPopupStart(location.search).then(
    (start) => show(start.tabId, start),
    () => resolvePopupTabId(location.search).then(show, () => show(null)),
  );
}
