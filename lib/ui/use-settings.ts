/** The user's settings, kept current while a page shows them; null until first read. */
import { useEffect, useState } from 'preact/hooks';
import { type EffectiveSettings, readSettings, watchSettings } from '../settings/settings';

export function useSettings(): EffectiveSettings | null {
  const [settings, setSettings] = useState<EffectiveSettings | null>(null);
  useEffect(() => {
    let current = true;
    readSettings().then((read) => {
      if (current) setSettings(read);
    });
    const stop = watchSettings(setSettings);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return settings;
}
