/**
 * The user's settings, kept current while a page shows them; null until first read. A page
 * that read them before its first render (the popup) hands them in and is not made to wait.
 */
import { useEffect, useState } from 'preact/hooks';
import { type EffectiveSettings, readSettings, watchSettings } from '../../lib/settings/settings';

export function useSettings(initial?: EffectiveSettings): EffectiveSettings | null {
  const [settings, setSettings] = useState<EffectiveSettings | null>(initial ?? null);
  useEffect(() => {
    let current = true;
    if (initial === undefined) {
      readSettings().then((read) => {
        if (current) setSettings(read);
      });
    }
    const stop = watchSettings(setSettings);
    return () => {
      current = false;
      stop();
    };
    // `initial` is read once, on mount: later changes come by watching.
  }, []);
  return settings;
}
