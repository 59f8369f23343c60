/** Test answers for the pass rules: a site described as paths to (status, type, body, headers). */
import { answersOf } from '../../../lib/checks/answers';
import {
  type Evidence,
  type Fetched,
  type RequestSpec,
  requestKey,
} from '../../../lib/checks/evidence';

export interface FakeAnswer {
  status?: number;
  type?: string;
  body?: string;
  headers?: Record<string, string>;
  problem?: Evidence['problem'];
  binary?: boolean;
  cut?: boolean;
}

/** `site`: by `METHOD path accept` key, or by path alone for the first GET of any accept. */
export function fakeAnswers(site: Record<string, FakeAnswer>) {
  const find = (spec: RequestSpec) => site[requestKey(spec)] ?? site[spec.path];
  return answersOf((spec) => {
    const found = find(spec);
    if (found === undefined)
      return fetched(spec, { status: 404, type: 'text/plain', body: 'Not found' });
    return fetched(spec, found);
  });
}

export function fetched(spec: RequestSpec, answer: FakeAnswer): Fetched {
  const headers = new Map(
    Object.entries({ 'content-type': answer.type ?? '', ...answer.headers }).map(
      ([name, value]) => [name.toLowerCase(), value],
    ),
  );
  const body = answer.body ?? '';
  return {
    evidence: {
      ...spec,
      status: answer.problem ? null : (answer.status ?? 200),
      type: answer.type ?? '',
      headers: [...headers].filter(([name]) => name !== 'content-type'),
      bytes: body.length,
      ms: 1,
      text: body.slice(0, 300),
      problem: answer.problem ?? null,
      cut: answer.cut ?? false,
      binary: answer.binary ?? false,
    },
    body,
    header: (name) => headers.get(name.toLowerCase()) ?? '',
  };
}

export const html = (body: string, head = '', lang = ' lang="en"') =>
  `<!doctype html><html${lang}><head>${head}</head><body>${body}</body></html>`;
export const words = (count: number) => 'word '.repeat(count / 5);
