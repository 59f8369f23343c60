import { useState } from 'preact/hooks';
import { sendToWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { type LookupMode, serviceBaseUrlOf } from '../../lib/settings/settings';
import { useSettings } from '../shared/use-settings';

/** The first-run page's: the service origins go to, and the answer, which is the lookup mode. */
export function useWelcome() {
  const settings = useSettings();
  const [chosen, setChosen] = useState<LookupMode | null>(null);
  if (settings === null) return null;
  return {
    serviceBaseUrl: serviceBaseUrlOf(settings),
    chosen,
    locked: settings.locked.lookupMode,
    onChoose: (mode: LookupMode) =>
      sendToWorker('setLookupMode', { mode }).then(() => setChosen(mode), logError),
  };
}
