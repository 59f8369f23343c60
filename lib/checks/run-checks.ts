/** One check run from the user's browser: requests, then follow-ups, then each check judged. */
import { answersOf, MISSING, type Probe } from './answers';
import type { CheckResult, CheckRun } from './check-run-record';
import { probesFor, QUICK_CHECK_IDS, whyNotProbed } from './check-table';
import {
  type Fetched,
  LIMITS,
  type Live,
  type Note,
  type RequestSpec,
  requestKey,
} from './evidence';
import { llmsInfo, robotsInfo } from './file-rules';
import { homeReachable } from './home-rules';
import { fetchLimited, notSent, plainText, requestUrl, stopReason } from './probe-fetch';

const randomPath = () =>
  `/${Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

function unique(specs: RequestSpec[], known: ReadonlySet<string> = new Set()): RequestSpec[] {
  const seen = new Set(known);
  return specs.filter((spec) => {
    const key = requestKey(spec);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Lets the page handle input between two judgements. A message, not a timer: a page in a
 * background tab would get a timer's turn only once a second. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** `work`'s value, or `fallback` when it throws: one bad answer costs one check, not the run. */
function guarded<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

const RULE_FAILED: Note = ['checkWhyRuleFailed'];

/** `work`, named as a measure, so that a profile (and the bench's figure 10) finds each part. */
function timed<T>(name: string, work: () => T): T {
  const began = performance.now();
  try {
    return work();
  } finally {
    performance.measure?.(`check ${name}`, { start: began });
  }
}
/** Problems of requests that never left: no evidence to show. */
const NOT_SENT = new Set<string | null>(['limit', 'refused']);

/** `reportIds`: the ids a stored report lists, re-checked; null for a quick check. `signal`
 * cancels the run; what was answered by then is still judged, within the run's time limit.
 * `page`: the path asked in place of the home page (This page); `extra`: probes of this run. */
export async function runChecks(
  origin: string,
  reportIds: readonly string[] | null,
  signal: AbortSignal,
  { page = '/', extra = {} }: { page?: string; extra?: Record<string, Probe> } = {},
): Promise<Omit<CheckRun, 'id'>> {
  const at = Date.now();
  const probes = { ...probesFor(origin), ...extra };
  // Own ids only: a report's `constructor` names no probe.
  const probeOf = (id: string) => (Object.hasOwn(probes, id) ? probes[id] : undefined);
  const ids = reportIds ?? QUICK_CHECK_IDS;
  const answers = new Map<string, Fetched>();
  const sent: Fetched[] = [];
  const run = new AbortController();
  const stop = () => run.abort('cancelled');
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  // The run's time limit ends what is left as a request's own does.
  const deadline = setTimeout(() => run.abort('timeout'), LIMITS.runMs);
  const stopped = () => stopReason(run.signal);
  const missingPath = randomPath();

  let started = 0;
  async function fetchAll(specs: RequestSpec[]) {
    let next = 0;
    const worker = async () => {
      for (let spec = specs[next++]; spec !== undefined; spec = specs[next++]) {
        const path = spec === MISSING ? missingPath : spec.path === '/' ? page : spec.path;
        const url = requestUrl(origin, path);
        let answer: Fetched;
        if (run.signal.aborted) answer = notSent(spec, stopped());
        else if (url === null) answer = notSent(spec, 'refused');
        else if (started >= LIMITS.requests) answer = notSent(spec, 'limit');
        else {
          started++;
          const asked = { ...spec, path: url.pathname + url.search };
          answer = await fetchLimited(url, asked, run.signal);
          sent.push(answer);
        }
        answers.set(requestKey(spec), answer);
      }
    };
    await Promise.all(Array.from({ length: LIMITS.parallel }, worker));
  }

  const read = answersOf((spec) => answers.get(requestKey(spec)));
  const followUpsOf = (probe: Probe) => guarded(() => probe.followUps?.(read) ?? [], []);
  const results: CheckResult[] = [];
  let info: Note[] = [];
  let reachable = false;
  try {
    const planned = unique(ids.flatMap((id) => probeOf(id)?.requests ?? []));
    // The random path first whenever a file is asked for: a hit whose body is its answer is
    // a soft 404.
    const needsMissing = planned.some((spec) => spec.path !== '/');
    await fetchAll(needsMissing ? unique([MISSING, ...planned]) : planned);
    const followUps: RequestSpec[] = [];
    for (const id of ids) {
      const probe = probeOf(id);
      if (!probe) continue;
      await nextTask();
      followUps.push(...timed(`${id} follow-ups`, () => followUpsOf(probe)));
    }
    await fetchAll(unique(followUps, new Set(answers.keys())));
    for (const id of ids) {
      await nextTask();
      results.push(timed(id, () => judged(id, probeOf(id))));
    }
    await nextTask();
    reachable = guarded(() => homeReachable(read), false);
    if (reportIds === null && !run.signal.aborted) {
      await nextTask();
      const robots = timed('robots.txt', () => guarded(() => robotsInfo(read), RULE_FAILED));
      await nextTask();
      info = [robots, timed('llms.txt', () => guarded(() => llmsInfo(read), RULE_FAILED))];
    }
  } finally {
    clearTimeout(deadline);
    signal.removeEventListener('abort', stop);
  }

  function judged(id: string, probe: Probe | undefined): CheckResult {
    if (!probe) {
      const live: Live = { level: 'unknown', note: whyNotProbed(id), paths: [] };
      return { id, name: null, tier: null, surface: false, live };
    }
    const asked = [...probe.requests, ...followUpsOf(probe)];
    // By what was sent: the random path's evidence names the path it really asked for.
    const paths = asked.flatMap((spec) => {
      const evidence = answers.get(requestKey(spec))?.evidence;
      return evidence === undefined || NOT_SENT.has(evidence.problem) ? [] : [requestKey(evidence)];
    });
    const verdict = run.signal.aborted
      ? { level: 'unknown' as const, note: [`checkWhy_${stopped()}` as const] }
      : guarded(() => probe.judge(read), { level: 'unknown' as const, note: RULE_FAILED });
    const [key, ...values] = verdict.note;
    // The values come from the site: kept as plain text, cut.
    const note: Note = [key, ...values.map((value) => plainText(value))];
    const live: Live = { level: verdict.level, note, paths };
    if (probe.inferred) live.inferred = true;
    return { id, name: probe.name, tier: probe.tier, surface: probe.surface === true, live };
  }

  return {
    origin,
    at,
    ms: Date.now() - at,
    state: signal.aborted ? 'cancelled' : 'done',
    quick: reportIds === null,
    homeReachable: reachable,
    requests: sent.map((answer) => answer.evidence),
    results,
    info,
    cut: false,
  };
}
