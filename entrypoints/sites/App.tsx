import { SitesView } from '../../components/sites/SitesView';
import { useSitesPage } from '../../components/sites/use-sites-page';

/** Connects the sites page to the kept answers, the history and the watch list. */
export function App({ initialSite }: { initialSite: string | null }) {
  return <SitesView {...useSitesPage(initialSite)} />;
}
