import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { WelcomeView } from '../../components/welcome/WelcomeView';
import { sendToWorker } from '../../lib/events/protocol';
import { type LookupMode, serviceBaseUrlOf } from '../../lib/settings/settings';
import { logError } from '../../lib/ui/page-actions';
import { useSettings } from '../../lib/ui/use-settings';

/** Connects the first-run page to the settings: the user's answer is their lookup mode. */
export function App() {
  const settings = useSettings();
  const [chosen, setChosen] = useState<LookupMode | null>(null);
  if (settings === null) return null;
  return (
    <WelcomeView
      serviceBaseUrl={serviceBaseUrlOf(settings)}
      chosen={chosen}
      locked={settings.locked.lookupMode}
      optionsUrl={browser.runtime.getURL('/options.html')}
      onChoose={(mode) =>
        sendToWorker('setLookupMode', { mode }).then(() => setChosen(mode), logError)
      }
    />
  );
}
