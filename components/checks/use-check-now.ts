/** "Check now" in this page: the host permission asked in the click itself (browsers grant it only
 * within the user's gesture), the run here; the worker decides whether it may start and keeps it. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { CHECK_RUN_RECORD, type CheckRun } from '../../lib/checks/check-run-record';
import type { ThisPageRead } from '../../lib/checks/this-page';
import { hostPermissionFor } from '../../lib/contract/service-base-url';
import { openCheckRun } from '../../lib/messaging/check-run-port';
import { sendToWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import {
  askForHosts,
  holdsHosts,
  inPrivateWindowPage,
  watchPermissions,
} from '../../lib/page/permissions';
import type { CheckTarget } from '../../lib/page/popup-start';
import { readTabPage, watchTabPage } from '../../lib/page/tab-page';
import { readRecord, watchRecord } from '../../lib/storage/record';

/** What the button's part of the page shows besides the last run. */
type CheckState =
  | { kind: 'idle' | 'running' | 'refused' | 'private' }
  | { kind: 'failed'; message: string };

/** This page, read with the run: not kept, since the page it describes changes as it is used. */
export type PageState = { kind: 'unreadable' | 'moved' } | ({ kind: 'read' } & ThisPageRead);

/** `reportIds`: the ids a stored report lists, re-checked; null for a quick check. */
export function useCheckNow({ origin, tabId }: CheckTarget, reportIds: readonly string[] | null) {
  const [run, setRun] = useState<CheckRun | null>(null);
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const [page, setPage] = useState<PageState | null>(null);
  const running = useRef<AbortController | null>(null);
  // Whether the extension holds the site's host, kept current: a check that finds it held asked
  // the browser for nothing, and its access is not the check's to list.
  const held = useRef(false);

  useEffect(() => {
    setRun(null);
    setState({ kind: 'idle' });
    setPage(null);
    held.current = false;
    let current = true;
    const show = (stored: CheckRun | null) => {
      if (current && stored?.state !== 'running') setRun(stored);
    };
    readRecord(CHECK_RUN_RECORD, origin).then(show, logError);
    const learnHeld = () => {
      holdsHosts([hostPermissionFor(origin)]).then((yes) => {
        if (current) held.current = yes;
      });
    };
    learnHeld();
    const stops = [watchPermissions(learnHeld), watchRecord(CHECK_RUN_RECORD, show, origin)];
    return () => {
      current = false;
      for (const stop of stops) stop();
      running.current?.abort();
      running.current = null;
    };
  }, [origin]);

  const go = async (asked: boolean) => {
    const controller = new AbortController();
    // The last run's page is no longer watched.
    running.current?.abort();
    running.current = controller;
    const quick = reportIds === null;
    const { start, close } = await openCheckRun({ origin, tabId, quick, asked });
    if (!start.ok) {
      close();
      setState({ kind: 'private' });
      return;
    }
    try {
      const { runChecks } = await import('../../lib/checks/run-checks');
      const pageRead = tabId === null ? null : readPage(tabId, controller);
      const ran = await runChecks(origin, reportIds, controller.signal);
      const done: CheckRun = { ...ran, id: start.run.id, at: start.run.at };
      // A read that failed (its scripts did not load) costs This page, not the run.
      const read = pageRead && (await pageRead.catch((): PageState => ({ kind: 'unreadable' })));
      // A page that moved on to another site meanwhile shows nothing of this one.
      if (running.current === controller) {
        setRun(done);
        setPage(read);
        setState({ kind: 'idle' });
      }
      await sendToWorker('finishCheckRun', { run: done });
    } finally {
      close();
    }
  };

  const readPage = async (tabId: number, controller: AbortController): Promise<PageState> => {
    const facts = await readTabPage(tabId);
    if (facts === null) return { kind: 'unreadable' };
    if (facts.origin !== origin) return { kind: 'moved' };
    const { checkThisPage, pageView } = await import('../../lib/checks/this-page');
    // What the page shows is read again each time it says its tools changed, while this view
    // is open; its server signals stay as the click found them.
    const stop = await watchTabPage(tabId, async () => {
      const now = await readTabPage(tabId);
      if (now?.origin !== origin || running.current !== controller) return;
      setPage((shown) => (shown?.kind === 'read' ? { ...shown, ...pageView(now) } : shown));
    });
    // Cancelled while the watcher was being put in: stopped at once.
    if (controller.signal.aborted) stop();
    else controller.signal.addEventListener('abort', stop, { once: true });
    return { kind: 'read', ...(await checkThisPage(facts, controller.signal)) };
  };

  /** For the click handler: the permission request must be its first call. */
  const start = () => {
    if (inPrivateWindowPage()) {
      setState({ kind: 'private' });
      return;
    }
    // Asked every time, as the click's first call: a permission held resolves without a prompt,
    // and one taken back since is asked for again.
    const heldBefore = held.current;
    const asked = askForHosts([hostPermissionFor(origin)]);
    setState({ kind: 'running' });
    asked
      .then((granted) => (granted ? go(!heldBefore) : setState({ kind: 'refused' })))
      .catch((error: unknown) => setState({ kind: 'failed', message: String(error) }));
  };

  return { run, page, state, start, cancel: () => running.current?.abort() };
}
