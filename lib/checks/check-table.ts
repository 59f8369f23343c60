/** Every check id the extension knows: the probes by id (names get reworded), those a quick check
 * runs, and why no browser can re-check the rest; an id not listed has no probe. */

import type { Probe } from './answers';
import { API_RULES } from './api-rules';
import type { Note } from './evidence';
import { fileRules } from './file-rules';
import { HOME_RULES } from './home-rules';

export const probesFor = (origin: string): Record<string, Probe> => ({
  ...HOME_RULES,
  ...fileRules(origin),
  ...API_RULES,
});

/** The essential and recommended checks a quick check runs: the plan of 15 requests. */
export const QUICK_CHECK_IDS = [
  'content-no-js agent-friendly-404 markdown-negotiation-vary openapi-spec oauth-support',
  'scoped-permissions json-ld metadata-completeness org-schema-completeness sitemap',
  'trust-anchors code-fence-validity agent-instruction mcp-server',
].flatMap((line) => line.split(' '));

/** The checks no browser can re-check, by the reason why. */
const WHY_NOT = {
  checkWhyBotUa: 'agent-crawler-reachability bot-detection',
  checkWhyMcpRuntime: 'mcp-resource-listing mcp-view-csp mcp-view-domain mcp-resource-quality',
  checkWhySearch: 'agentic-search-specific brand-search-accuracy',
  checkWhyJudgement:
    'onboarding-friction api-versioning-policy public-api pricing-info developer-portal public-api-docs',
  checkWhySample: 'docs-auth-gate redirect-hygiene page-token-budget',
  checkWhyOffSite: 'cli-tool',
  checkWhyGraphql:
    'graphql-async-job-pattern graphql-error-type-definition graphql-pagination-pattern graphql-versioning-policy',
  checkWhySpec:
    'api-error-model api-schema-analysis function-calling-compat response-schema-coverage',
  // The service reads it on its API's host, usually not the tab's origin.
  checkWhyOtherHost: 'json-error-responses',
} satisfies Partial<Record<Note[0], string>>;

/** Why a check has no browser probe. */
export function whyNotProbed(id: string): Note {
  const why = Object.entries(WHY_NOT).find(([, ids]) => ids.split(' ').includes(id))?.[0];
  return [(why as keyof typeof WHY_NOT | undefined) ?? 'checkWhyNoProbe'];
}
