/**
 * "Check now": the run of the page that asked, and the last run for the origin. The host
 * permission is asked for in the click itself (browsers grant it only within the user's
 * gesture; one already held asks nothing); the run happens in this page, which loads the
 * probes and their parsers only now; the worker keeps each run (it is the only writer).
 * Never from a private window; never without a click.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { CHECK_RUN_RECORD, type CheckRun } from '../checks/check-run-record';
import { sendToWorker } from '../events/protocol';
import { hostPermissionFor } from '../service/service-base-url';
import { readRecord, watchRecord } from '../storage/record';
import { logError } from './page-actions';

/** What the button's part of the page shows besides the last run. */
export type CheckState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'refused' }
  | { kind: 'private' }
  | { kind: 'failed'; message: string };

const save = (run: CheckRun) => sendToWorker('saveCheckRun', { run }).catch(logError);

/** `reportIds`: the ids a stored report lists, re-checked; null for a quick check. */
export function useCheckNow(origin: string, reportIds: readonly string[] | null) {
  const [run, setRun] = useState<CheckRun | null>(null);
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    setRun(null);
    const show = (stored: CheckRun | null) => {
      if (stored?.state !== 'running') setRun(stored);
    };
    readRecord(CHECK_RUN_RECORD, origin).then(show, logError);
    const stop = watchRecord(CHECK_RUN_RECORD, show, origin);
    return () => {
      stop();
      running.current?.abort();
    };
  }, [origin]);

  const go = useCallback(async () => {
    const controller = new AbortController();
    running.current = controller;
    const { runChecks } = await import('../checks/run-checks');
    const at = Date.now();
    save({
      origin,
      at,
      ms: 0,
      state: 'running',
      quick: reportIds === null,
      homeReachable: false,
      requests: [],
      results: [],
      info: [],
    });
    const done = { ...(await runChecks(origin, reportIds, controller.signal)), at };
    setRun(done);
    setState({ kind: 'idle' });
    await save(done);
  }, [origin, reportIds]);

  /** For the click handler: the permission request must be its first call. */
  const start = useCallback(() => {
    if (browser.extension?.inIncognitoContext) {
      setState({ kind: 'private' });
      return;
    }
    const asked = browser.permissions
      .request({ origins: [hostPermissionFor(origin)] })
      .catch(() => false);
    setState({ kind: 'running' });
    asked
      .then((granted) => (granted ? go() : setState({ kind: 'refused' })))
      .catch((error: unknown) => setState({ kind: 'failed', message: String(error) }));
  }, [origin, go]);

  const cancel = useCallback(() => running.current?.abort(), []);
  return { run, state, start, cancel };
}
