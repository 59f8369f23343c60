import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { useSettings } from '../../components/shared/use-settings';
import { WelcomeView } from '../../components/welcome/WelcomeView';
import { sendToWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { type LookupMode, serviceBaseUrlOf } from '../../lib/settings/settings';

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
