import { useCallback, useEffect, useState } from 'preact/hooks';
import { sendToWorker, tellWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { askForNotifications } from '../../lib/page/permissions';
import { readWatchList, WATCH_LIST_RECORD, watchingAllowed } from '../../lib/sites/watch-list';
import { watchRecord } from '../../lib/storage/record';
import { useSettings } from './use-settings';

/** Why watching does nothing now, if it does not. */
export type WatchNote = 'none' | 'needs-consent' | 'off' | 'full';

/** "Watch this site" on the sites page: which sites are watched, and the toggle. */
export function useWatchList() {
  const settings = useSettings();
  /** Null until read. */
  const [watched, setWatched] = useState<ReadonlySet<string> | null>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const show = (list: object) => setWatched(new Set(Object.keys(list)));
    readWatchList().then(show, logError);
    return watchRecord(WATCH_LIST_RECORD, show);
  }, []);

  const toggle = useCallback(
    (site: string) => {
      if (watched?.has(site)) {
        tellWorker('unwatchSite', { origin: site });
        setFull(false);
        return;
      }
      // In the click (lib/page/README.md), with the first site only, so a refusal is not asked
      // again with every site; a list not read yet may be empty, so asked then too.
      if (watched === null || watched.size === 0) askForNotifications();
      // Watched at once, whatever the answer (it may never come: the prompt can be left open).
      sendToWorker('watchSite', { origin: site }).then((added) => setFull(!added), logError);
    },
    [watched],
  );

  let note: WatchNote = 'none';
  if (settings?.locked.watchList) note = 'off';
  else if (full) note = 'full';
  else if (settings && !watchingAllowed(settings)) note = 'needs-consent';
  return { watched, note, toggle };
}
