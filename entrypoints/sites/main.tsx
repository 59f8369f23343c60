import '../../components/popup/popup.css';
import '../../components/popup/fluid-page.css';
import { render } from 'preact';
import { t, uiLocale } from '../../lib/locale/i18n';
import { App } from './App';

document.documentElement.lang = uiLocale();
document.title = t('sitesTitle');
const root = document.getElementById('app');
if (root) render(<App initialSite={new URLSearchParams(location.search).get('site')} />, root);
