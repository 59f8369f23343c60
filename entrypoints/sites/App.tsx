import { SitesView } from '../../components/sites/SitesView';
import { useSitesPage } from '../../components/sites/use-sites-page';
import type { SiteRowsRead } from '../../lib/sites/site-rows';

/** Connects the sites page to the kept answers, the history and the watch list. */
export function App(props: { initialSite: string | null; firstRows: Promise<SiteRowsRead> }) {
  return <SitesView {...useSitesPage(props)} />;
}
