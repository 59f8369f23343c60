/**
 * Pass rules for the API, auth and MCP surfaces a browser can see on the tab's origin, per
 * ../shared/notes/checks.md: OAuth metadata, scopes, MCP discovery, rate-limit headers. The
 * service also looks on other hosts (api.*, mcp.*): a miss here only means "not on this origin".
 */
import { type Answers, filled, get, isFile, isObject, listed, parseJson, trouble } from './answers';
import type { Fetched, RequestSpec } from './evidence';
import { miss, OPENAPI, specOf } from './file-rules';
import { type Probe, result } from './probe';

const OAUTH = get('/.well-known/oauth-authorization-server');
const OIDC = get('/.well-known/openid-configuration');
const PROTECTED_RESOURCE = get('/.well-known/oauth-protected-resource');
const MCP_CARD = get('/.well-known/mcp/server-card.json');
const API_HEAD: RequestSpec = { method: 'HEAD', path: '/api', accept: 'any' };

const jsonOf = (answer: Fetched | undefined, answers: Answers) =>
  isFile(answer, answers) ? parseJson(answer.body) : undefined;

const isAuthServer = (value: unknown) =>
  isObject(value) &&
  ['issuer', 'authorization_endpoint', 'token_endpoint'].every((key) => filled(value[key]));

export const API_RULES: Record<string, Probe> = {
  'oauth-support': {
    name: 'OAuth 2.0 support',
    tier: 'essential',
    requests: [OAUTH],
    surface: true,
    followUps: (answers) => (isAuthServer(jsonOf(answers.at(OAUTH), answers)) ? [] : [OIDC]),
    judge(answers) {
      const found = [OAUTH, OIDC].find((spec) => isAuthServer(jsonOf(answers.at(spec), answers)));
      return found ? result('pass', 'noteFoundAt', found.path) : miss(answers, [OAUTH, OIDC]);
    },
  },
  'scoped-permissions': {
    name: 'Scoped permissions',
    tier: 'essential',
    requests: [PROTECTED_RESOURCE, ...OPENAPI],
    inferred: true,
    surface: true,
    judge(answers) {
      const metadata = jsonOf(answers.at(PROTECTED_RESOURCE), answers);
      if (isObject(metadata) && filled(metadata.scopes_supported)) {
        return result('pass', 'noteFoundAt', PROTECTED_RESOURCE.path);
      }
      const spec = specOf(answers);
      if (spec && /["']?scopes["']?\s*:\s*\{?\s*["']?[\w:./-]+["']?\s*:/.test(spec.body)) {
        return result('pass', 'noteScopesInSpec', spec.evidence.path);
      }
      if (spec && /securitySchemes/.test(spec.body))
        return result('partial', 'noteSchemesNoScopes', spec.evidence.path);
      return miss(answers, [PROTECTED_RESOURCE, ...OPENAPI]);
    },
  },
  'mcp-server': {
    name: 'MCP server / manifest',
    tier: 'recommended',
    requests: [MCP_CARD],
    surface: true,
    judge(answers) {
      const answer = answers.at(MCP_CARD);
      if (!isFile(answer, answers)) return miss(answers, [MCP_CARD]);
      const card = parseJson(answer.body);
      // Found: the rest of the check needs MCP's own requests (POST), which this does not send.
      if (isObject(card) && filled(card.name))
        return result('unknown', 'checkWhyMcpFound', MCP_CARD.path);
      return result('fail', 'noteBadJson', MCP_CARD.path);
    },
  },
  'rate-limit-headers': {
    name: 'Rate limit response headers',
    tier: 'recommended',
    requests: [API_HEAD],
    inferred: true,
    // Some servers refuse HEAD: then the same path by GET.
    followUps: (answers) =>
      [405, 501].includes(answers.at(API_HEAD)?.evidence.status ?? 0) ? [get('/api')] : [],
    judge(answers) {
      const answer = [get('/api'), API_HEAD]
        .map((spec) => answers.at(spec))
        .find((found) => found !== undefined && trouble(found) === null);
      if (!answer) return miss(answers, [API_HEAD]);
      const names = answer.evidence.headers
        .map(([name]) => name)
        .filter((name) => /ratelimit/i.test(name));
      return result(
        names.length > 0 ? 'pass' : 'fail',
        'noteRateLimit',
        API_HEAD.path,
        listed(names),
      );
    },
  },
};
