import { useWelcome } from '../../components/welcome/use-welcome';
import { WelcomeView } from '../../components/welcome/WelcomeView';

/** Connects the first-run page to the settings. */
export function App() {
  const welcome = useWelcome();
  return welcome === null ? null : <WelcomeView {...welcome} />;
}
