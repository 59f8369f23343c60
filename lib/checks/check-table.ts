/**
 * Every check id the extension knows: the probes (by id, never by name: names get reworded),
 * which of them a quick check runs, and for the ids no browser can re-check, why not. An id
 * not listed (a check the service adds later) is "can't be checked from a browser".
 */

import { API_RULES } from './api-rules';
import type { Note } from './evidence';
import { fileRules } from './file-rules';
import { HOME_RULES } from './home-rules';
import type { Probe } from './probe';

export const probesFor = (origin: string): Record<string, Probe> => ({
  ...HOME_RULES,
  ...fileRules(origin),
  ...API_RULES,
});

/** The essential and recommended checks a quick check runs: the plan of 15 requests. */
export const QUICK_CHECK_IDS = [
  'content-no-js',
  'agent-friendly-404',
  'markdown-negotiation-vary',
  'openapi-spec',
  'oauth-support',
  'scoped-permissions',
  'json-ld',
  'metadata-completeness',
  'org-schema-completeness',
  'sitemap',
  'trust-anchors',
  'code-fence-validity',
  'agent-instruction',
  'mcp-server',
];

const BOT_UA: Note = ['checkWhyBotUa'];
const MCP: Note = ['checkWhyMcpRuntime'];
const SEARCH: Note = ['checkWhySearch'];
const JUDGED: Note = ['checkWhyJudgement'];
const GRAPHQL: Note = ['checkWhyGraphql'];
const SPEC: Note = ['checkWhySpec'];

const WHY_NOT: Record<string, Note> = {
  'agent-crawler-reachability': BOT_UA,
  'bot-detection': BOT_UA,
  'mcp-resource-listing': MCP,
  'mcp-view-csp': MCP,
  'mcp-view-domain': MCP,
  'mcp-resource-quality': MCP,
  'agentic-search-specific': SEARCH,
  'brand-search-accuracy': SEARCH,
  'onboarding-friction': JUDGED,
  'api-versioning-policy': JUDGED,
  'public-api': JUDGED,
  'pricing-info': JUDGED,
  'docs-auth-gate': ['checkWhySample'],
  'cli-tool': ['checkWhyOffSite'],
  'graphql-async-job-pattern': GRAPHQL,
  'graphql-error-type-definition': GRAPHQL,
  'graphql-pagination-pattern': GRAPHQL,
  'graphql-versioning-policy': GRAPHQL,
  'api-error-model': SPEC,
  'api-schema-analysis': SPEC,
  'function-calling-compat': SPEC,
  'response-schema-coverage': SPEC,
  // The service reads them on its API's host, usually not the tab's origin.
  'json-error-responses': ['checkWhyOtherHost'],
  'developer-portal': JUDGED,
  'public-api-docs': JUDGED,
  'redirect-hygiene': ['checkWhySample'],
  'page-token-budget': ['checkWhySample'],
};

/** Why a check has no browser probe. */
export const whyNotProbed = (id: string): Note => WHY_NOT[id] ?? ['checkWhyNoProbe'];
