import { browser } from 'wxt/browser';
import { useWelcome } from '../../components/welcome/use-welcome';
import { WelcomeView } from '../../components/welcome/WelcomeView';

/** Connects the first-run page to the settings. */
export function App() {
  const welcome = useWelcome();
  const optionsUrl = browser.runtime.getURL('/options.html');
  return welcome === null ? null : <WelcomeView {...welcome} optionsUrl={optionsUrl} />;
}
