/**
 * "Watch this site", for the popup and the sites page: whether a site is watched, and the
 * toggle. The first watch asks for the optional `notifications` permission; the request must
 * be made in the click itself (browsers grant it only within the user's gesture), and the site
 * is watched whatever the answer (the sites page shows changes either way).
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToWorker } from '../events/protocol';
import { onWatchListChanged, readWatchList } from '../sites/watch-list';
import { watchingAllowed } from '../sites/watching-allowed';
import { logError } from './log-error';
import { useSettings } from './use-settings';

export type WatchNote = 'none' | 'needs-consent' | 'off' | 'full';

export interface WatchControl {
  /** Null until read. */
  watched: ReadonlySet<string> | null;
  /** Why watching does nothing now, if it does not. */
  note: WatchNote;
  toggle(site: string): void;
}

export function useWatchList(): WatchControl {
  const settings = useSettings();
  const [watched, setWatched] = useState<ReadonlySet<string> | null>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    readWatchList().then((list) => setWatched(new Set(Object.keys(list))));
    return onWatchListChanged((list) => setWatched(new Set(Object.keys(list))));
  }, []);

  const toggle = useCallback(
    (site: string) => {
      if (watched?.has(site)) {
        sendToWorker('unwatchSite', { origin: site }).catch(logError);
        setFull(false);
        return;
      }
      // Asked with the first site only: a refusal is not asked again with every site. A list
      // not read yet may be empty: asked then too (a permission already granted asks nothing).
      if (watched === null || watched.size === 0) {
        browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);
      }
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
