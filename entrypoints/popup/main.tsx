import { render } from 'preact';
import { readPopupStart } from '../../lib/tabs/popup-start';
import { resolvePopupTabId } from '../../lib/tabs/popup-tab';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  // Every read starts here, at once; the popup renders once, when they are in.
  readPopupStart(location.search).then(
    (start) => render(<App tabId={start.tabId} start={start} />, root),
    () =>
      resolvePopupTabId(location.search).then(
        (tabId) => render(<App tabId={tabId} start={null} />, root),
        () => render(<App tabId={null} start={null} />, root),
      ),
  );
}
