import { render } from 'preact';
import { resolvePopupTabId } from '../../lib/tabs/popup-tab';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  resolvePopupTabId(location.search).then(
    (tabId) => render(<App tabId={tabId} />, root),
    () => render(<App tabId={null} />, root),
  );
}
