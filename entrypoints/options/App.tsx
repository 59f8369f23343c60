import { OptionsView } from '../../components/options/OptionsView';
import { configuredServiceBaseUrl } from '../../lib/service/service-base-url';
import { useOptions } from '../../lib/ui/use-options';

const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);

/** Connects the options page to the settings and the lookup log. */
export function App() {
  const { settings, ...state } = useOptions(logError);
  if (settings === null) return null;
  return <OptionsView settings={settings} defaultBaseUrl={configuredServiceBaseUrl()} {...state} />;
}
