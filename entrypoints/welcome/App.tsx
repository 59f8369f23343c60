import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { WelcomeView } from '../../components/welcome/WelcomeView';
import { sendToWorker } from '../../lib/events/protocol';
import {
  type EffectiveSettings,
  type LookupMode,
  readSettings,
  serviceBaseUrlOf,
} from '../../lib/settings/settings';
import { logError } from '../../lib/ui/log-error';

/** Connects the first-run page to the settings: the user's answer is their lookup mode. */
export function App() {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  const [chosen, setChosen] = useState<LookupMode | null>(null);
  useEffect(() => {
    readSettings().then(setSettings, logError);
  }, []);
  if (settings === null) return null;

  const choose = (mode: LookupMode) => {
    sendToWorker('setLookupMode', { mode }).then((next) => {
      setSettings(next);
      setChosen(mode);
    }, logError);
  };
  return (
    <WelcomeView
      serviceBaseUrl={serviceBaseUrlOf(settings)}
      chosen={chosen}
      locked={settings.locked.lookupMode}
      optionsUrl={browser.runtime.getURL('/options.html')}
      onChoose={choose}
    />
  );
}
