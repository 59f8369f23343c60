import { t } from '../../lib/locale/i18n';
import { useLazyComponent } from '../../lib/ui/use-lazy-component';
import type { CompareViewProps } from './CompareView';

/**
 * The comparison, fetched as its own chunk when it is first opened: most visits to the sites
 * page never compare, so its first render does not carry the view.
 */
export function LazyCompareView(props: CompareViewProps) {
  const View = useLazyComponent(() => import('./CompareView').then((chunk) => chunk.CompareView));
  return View === null ? <p class="muted">{t('sitesCompareLoading')}</p> : <View {...props} />;
}
