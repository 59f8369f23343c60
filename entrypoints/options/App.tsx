import { OptionsView } from '../../components/options/OptionsView';
import { useSettings } from '../../components/shared/use-settings';

/** Connects the options page to the settings in effect (with what a policy locked). */
export function App() {
  const settings = useSettings();
  return settings === null ? null : <OptionsView settings={settings} />;
}
