import '../../components/popup/fluid-page.css';
import { render } from 'preact';
import { sidePanelWindowId } from '../../lib/tabs/browser-tabs';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  sidePanelWindowId(location.search).then(
    (windowId) => render(<App windowId={windowId} />, root),
    () => render(<App windowId={null} />, root),
  );
}
