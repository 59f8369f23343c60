import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import type { CompareViewProps } from './CompareView';

/**
 * The comparison, fetched as its own chunk when it is first opened: most visits to the sites
 * page never compare, so its first render does not carry the view.
 */
export function LazyCompareView(props: CompareViewProps) {
  const [View, setView] = useState<FunctionComponent<CompareViewProps> | null>(null);
  useEffect(() => {
    let current = true;
    import('./CompareView').then(({ CompareView }) => {
      if (current) setView(() => CompareView);
    });
    return () => {
      current = false;
    };
  }, []);
  return View === null ? <p class="muted">{t('sitesCompareLoading')}</p> : <View {...props} />;
}
