/**
 * One check run from the user's browser: the requests the checks need (each once), four at a
 * time within the run's limits, then their follow-ups, then every check judged on what came
 * back. Loaded only when the user asks for a run, with the parsers it brings.
 */
import { answersOf, MISSING } from './answers';
import type { CheckResult, CheckRun } from './check-run-record';
import { probesFor, QUICK_CHECK_IDS, whyNotProbed } from './check-table';
import { type Fetched, LIMITS, type Live, type RequestSpec, requestKey } from './evidence';
import { homeReachable } from './home-rules';
import { fetchLimited, notSent } from './probe-fetch';
import { llmsInfo, robotsInfo } from './site-info';

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

/**
 * `reportIds`: the ids a stored report lists, re-checked; null for a quick check. `signal`
 * cancels the run; what was answered by then is still judged.
 */
export async function runChecks(
  origin: string,
  reportIds: readonly string[] | null,
  signal: AbortSignal,
): Promise<CheckRun> {
  const at = Date.now();
  const probes = probesFor(origin);
  const ids = reportIds ?? QUICK_CHECK_IDS;
  const probed = ids.filter((id) => Object.hasOwn(probes, id));
  const answers = new Map<string, Fetched>();
  const sent: Fetched[] = [];
  let started = 0;
  const run = new AbortController();
  const stop = () => run.abort('cancelled');
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  const deadline = setTimeout(() => run.abort('deadline'), LIMITS.runMs);
  const missingPath = randomPath();

  async function fetchAll(specs: RequestSpec[]) {
    let next = 0;
    const worker = async () => {
      for (let spec = specs[next++]; spec !== undefined; spec = specs[next++]) {
        let answer = notSent(spec, run.signal.aborted ? 'cancelled' : 'limit');
        if (run.signal.reason === 'deadline') answer = notSent(spec, 'timeout');
        else if (started < LIMITS.requests && !run.signal.aborted) {
          started++;
          const path = spec.path === MISSING.path ? missingPath : spec.path;
          answer = await fetchLimited(origin, { ...spec, path }, run.signal);
          sent.push(answer);
        }
        answers.set(requestKey(spec), answer);
      }
    };
    await Promise.all(Array.from({ length: LIMITS.parallel }, worker));
  }

  const read = answersOf((spec) => answers.get(requestKey(spec)));
  try {
    const planned = unique(probed.flatMap((id) => probes[id]?.requests ?? []));
    // The random path first whenever a file is asked for: a hit whose body is its answer is
    // a soft 404.
    const needsMissing = planned.some((spec) => spec.path !== '/');
    await fetchAll(needsMissing ? unique([MISSING, ...planned]) : planned);
    const followUps = probed.flatMap((id) => probes[id]?.followUps?.(read) ?? []);
    await fetchAll(unique(followUps, new Set(answers.keys())));
  } finally {
    clearTimeout(deadline);
    signal.removeEventListener('abort', stop);
  }

  const results: CheckResult[] = ids.map((id) => {
    const probe = probes[id];
    if (!probe) {
      const live: Live = { level: 'unknown', note: whyNotProbed(id), paths: [] };
      return { id, name: null, tier: null, surface: false, live };
    }
    const asked = [...probe.requests, ...(probe.followUps?.(read) ?? [])];
    // By what was sent: the random path's evidence names the path it really asked for.
    const paths = asked.flatMap((spec) => {
      const evidence = answers.get(requestKey(spec))?.evidence;
      return evidence === undefined || evidence.problem === 'limit' ? [] : [requestKey(evidence)];
    });
    const live = { ...probe.judge(read), paths, ...(probe.inferred ? { inferred: true } : {}) };
    return { id, name: probe.name, tier: probe.tier, surface: probe.surface === true, live };
  });
  return {
    origin,
    at,
    ms: Date.now() - at,
    state: signal.aborted ? 'cancelled' : 'done',
    quick: reportIds === null,
    homeReachable: homeReachable(read),
    requests: sent.map((answer) => answer.evidence),
    results,
    info: reportIds === null ? [robotsInfo(read, origin), llmsInfo(read)] : [],
  };
}
