/** What a browser probe is: the requests a check needs and its pass rule over their answers. */
import type { Answers } from './answers';
import type { Live, Note, RequestSpec } from './evidence';

export interface Probe {
  /** The service's name of the check, for a quick check (a report brings its own). */
  name: string;
  tier: 'essential' | 'recommended';
  requests: readonly RequestSpec[];
  /** Requests that depend on the first answers (a Sitemap line, a fallback path). */
  followUps?(answers: Answers): RequestSpec[];
  judge(answers: Answers): Pick<Live, 'level' | 'note'>;
  /** The pass rule is our reading of the service's texts, not published. */
  inferred?: boolean;
  /** An API or MCP surface: in a quick check, a miss means none here, not a failure. */
  surface?: boolean;
}

export const result = (level: Live['level'], ...note: Note) => ({ level, note });
