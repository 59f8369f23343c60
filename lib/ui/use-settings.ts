/** The user's settings, kept current while a page shows them; null until first read. */
import { useEffect, useState } from 'preact/hooks';
import { readSettings, type UserSettings, watchSettings } from '../settings/settings';

export function useSettings(): UserSettings | null {
  const [settings, setSettings] = useState<UserSettings | null>(null);
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
