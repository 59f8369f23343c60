import { OptionsView } from '../../components/options/OptionsView';
import { useOptions } from '../../components/options/use-options';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { logError } from '../../lib/page/page-actions';

/** Connects the options page to the settings and the lookup log. */
export function App() {
  const { settings, ...state } = useOptions(logError);
  if (settings === null) return null;
  return <OptionsView settings={settings} defaultBaseUrl={configuredServiceBaseUrl()} {...state} />;
}
