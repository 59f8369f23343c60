import { OptionsView } from '../../components/options/OptionsView';
import { configuredServiceBaseUrl } from '../../lib/service/service-base-url';
import { logError } from '../../lib/ui/page-actions';
import { useOptions } from '../../lib/ui/use-options';

/** Connects the options page to the settings and the lookup log. */
export function App() {
  const { settings, ...state } = useOptions(logError);
  if (settings === null) return null;
  return <OptionsView settings={settings} defaultBaseUrl={configuredServiceBaseUrl()} {...state} />;
}
