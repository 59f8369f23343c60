import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component fetched as its own chunk when first rendered, null until it has arrived: for
 * parts most visits never show, so the page's first render does not carry them. `load` is
 * called once per mounting; a component unmounted before the chunk arrives is left alone.
 */
export function useLazyComponent<Props>(
  load: () => Promise<FunctionComponent<Props>>,
): FunctionComponent<Props> | null {
  const [Component, setComponent] = useState<FunctionComponent<Props> | null>(null);
  // Once per mounting: `load` is a new function on every render.
  useEffect(() => {
    let current = true;
    load().then((loaded) => {
      if (current) setComponent(() => loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  return Component;
}
