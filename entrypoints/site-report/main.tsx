import '../../components/popup/fluid-page.css';
import { render } from 'preact';
import { siteReportRequestFrom } from '../../lib/messaging/site-report-address';
import { App } from './App';

const root = document.getElementById('app');
if (root) render(<App request={siteReportRequestFrom(location.search)} />, root);
