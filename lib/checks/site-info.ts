/**
 * What a quick check shows as information, not as a check (the service scores neither):
 * robots.txt's rules for the named AI crawlers (RFC 9309), and whether an llms.txt is there.
 */
import { type Answers, isFile, listed, mark, trouble } from './answers';
import type { Note } from './evidence';
import { LLMS, ROBOTS, robotsOf } from './file-rules';
import { isAllowed } from './robots-txt';

/** Answer engines and training crawlers the service and checks.md name. */
export const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'PerplexityBot',
  'Google-Extended',
  'CCBot',
];

export function robotsInfo(answers: Answers): Note {
  const answer = answers.at(ROBOTS);
  const why = trouble(answer);
  // RFC 9309: a 5xx or an unreachable file means crawlers assume everything is disallowed.
  if (why !== null || answer === undefined) return ['infoRobotsUnreachable'];
  const status = answer.evidence.status ?? 0;
  if (status >= 400) return ['infoRobotsNone', String(status)];
  const robots = robotsOf(answers);
  if (robots === null) return ['infoRobotsNotText'];
  const rules = AI_CRAWLERS.map((token) => `${token} ${mark(isAllowed(robots, token, '/'))}`);
  return ['infoRobots', listed(rules)];
}

export function llmsInfo(answers: Answers): Note {
  const answer = answers.at(LLMS);
  if (!isFile(answer, answers)) return ['infoLlmsNone'];
  const heading = answer.body.split(/\r?\n/, 1_000).some((line) => /^#[ \t]+\S/.test(line));
  return ['infoLlms', String(answer.body.length), mark(heading)];
}
