import '../../components/popup/popup.css';
import '../../components/popup/fluid-page.css';
import { render } from 'preact';
import { t, uiLocale } from '../../lib/locale/i18n';
import { readSiteRows } from '../../lib/sites/site-rows';
import { App } from './App';

document.documentElement.lang = uiLocale();
document.title = t('sitesTitle');
const root = document.getElementById('app');
if (root) {
  // The rows are what the page is for: their read starts before anything renders.
  const firstRows = readSiteRows(Date.now());
  const initialSite = new URLSearchParams(location.search).get('site');
  render(<App initialSite={initialSite} firstRows={firstRows} />, root);
}
