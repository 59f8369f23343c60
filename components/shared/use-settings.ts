import { useEffect, useState } from 'preact/hooks';
import { type EffectiveSettings, readSettings, watchSettings } from '../../lib/settings/settings';

/** The settings in effect, kept current; null until read, unless read before the first render. */
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
