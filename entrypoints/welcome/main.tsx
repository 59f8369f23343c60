import { render } from 'preact';
import '../../components/options/options.css';
import { t, uiLocale } from '../../lib/locale/i18n';
import { App } from './App';

document.documentElement.lang = uiLocale();
document.title = t('welcomeTitle');
const root = document.getElementById('app');
if (root) render(<App />, root);
