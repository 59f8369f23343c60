/** Pass rules for the API, auth and MCP surfaces on the tab's origin (the service also looks on
 * other hosts, api.* and mcp.*: a miss here only means "not on this origin"). */
import {
  type Answers,
  filled,
  get,
  isFile,
  isObject,
  listed,
  type Probe,
  parseJson,
  result,
  trouble,
} from './answers';
import type { Fetched, RequestSpec } from './evidence';
import { miss, OPENAPI, specOf } from './file-rules';

const OAUTH = get('/.well-known/oauth-authorization-server');
const OIDC = get('/.well-known/openid-configuration');
const PROTECTED_RESOURCE = get('/.well-known/oauth-protected-resource');
/** Where sites publish an MCP server card or manifest, most common first: the service's catalogue's
 * path, the legacy file, those checks.md and the reports name, the AI catalogue, two drafts. The
 * first is asked with the plan; the rest only when it holds no card, as far as the limit goes. */
const MCP_PLACES =
  'mcp/server-card.json mcp.json mcp mcp/manifest.json ai-catalog.json mcp/server-card mcp-server'
    .split(' ')
    .map((place) => get(`/.well-known/${place}`));
const API_HEAD: RequestSpec = { method: 'HEAD', path: '/api', accept: 'any' };

const jsonOf = (answer: Fetched | undefined, answers: Answers) =>
  isFile(answer, answers) ? parseJson(answer.body) : undefined;

const isAuthServer = (value: unknown) =>
  isObject(value) &&
  ['issuer', 'authorization_endpoint', 'token_endpoint'].every((key) => filled(value[key]));

const hasKeys = (value: unknown) => isObject(value) && Object.keys(value).length > 0;

/** Named OAuth scopes in a parsed OpenAPI 3 (`flows.*.scopes`) or Swagger 2 spec. */
function scopesInJson(spec: Record<string, unknown>): boolean {
  const components = isObject(spec.components) ? spec.components : {};
  const byName = [components.securitySchemes, spec.securityDefinitions].filter(isObject);
  const schemes = byName.flatMap((named) => Object.values(named)).filter(isObject);
  const flows = schemes.flatMap((scheme) =>
    isObject(scheme.flows) ? Object.values(scheme.flows) : [],
  );
  return [...schemes, ...flows].some((holder) => isObject(holder) && hasKeys(holder.scopes));
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Named scopes in a YAML spec, read line by line: a `scopes:` key followed by a flow mapping
 * with content, or by a deeper-indented key on the next line that says anything. */
function scopesInYaml(lines: readonly string[]): boolean {
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] ?? '';
    const key = line.trimStart();
    if (!key.startsWith('scopes:')) continue;
    const rest = key.slice('scopes:'.length).trim();
    if (rest.startsWith('{')) {
      if (/[^\s{}]/.test(rest.slice(1))) return true;
      continue;
    }
    if (rest !== '' && !rest.startsWith('#')) continue;
    let next = at + 1;
    while (next < lines.length && /^\s*(#|$)/.test(lines[next] ?? '')) next++;
    const following = lines[next] ?? '';
    if (indentOf(following) > indentOf(line) && following.includes(':')) return true;
  }
  return false;
}

/** What a spec says about authorization: named scopes, schemes without scopes, or neither. */
function specScopes(body: string): 'scopes' | 'schemes' | 'none' {
  const json = body.trimStart().startsWith('{') ? parseJson(body) : undefined;
  const named = isObject(json) ? scopesInJson(json) : scopesInYaml(body.split(/\r?\n|\r/));
  if (named) return 'scopes';
  return body.includes('securitySchemes') || body.includes('securityDefinitions')
    ? 'schemes'
    : 'none';
}

const hasEndpoint = (card: Record<string, unknown>) =>
  ['url', 'endpoint', 'serverUrl'].some((key) => filled(card[key])) ||
  [card.servers, card.remotes].some((list) => Array.isArray(list) && list.length > 0) ||
  (isObject(card.transport) && filled(card.transport.url));

const namedServer = (value: unknown) =>
  isObject(value) &&
  (filled(value.name) || (isObject(value.serverInfo) && filled(value.serverInfo.name)));

/** An MCP discovery document as real sites publish them: a server card (a name, its own or its
 * `serverInfo`'s, with an endpoint or tools), a client-style `mcpServers` map with an entry, or an
 * AI catalogue with an MCP server entry. */
function isMcpDiscovery(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (namedServer(value) && (hasEndpoint(value) || filled(value.tools))) return true;
  if (isObject(value.mcpServers)) {
    return Object.values(value.mcpServers).some(
      (entry) => isObject(entry) && (namedServer(entry) || hasEndpoint(entry)),
    );
  }
  return (
    Array.isArray(value.entries) &&
    value.entries.some(
      (entry) => isObject(entry) && typeof entry.type === 'string' && /\bmcp\b/i.test(entry.type),
    )
  );
}

/** The first place that answers an MCP discovery document. */
const mcpFound = (answers: Answers) =>
  MCP_PLACES.find((spec) => isMcpDiscovery(jsonOf(answers.at(spec), answers)));

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
      if (isObject(metadata) && filled(metadata.scopes_supported))
        return result('pass', 'noteFoundAt', PROTECTED_RESOURCE.path);
      const spec = specOf(answers);
      const scopes = spec ? specScopes(spec.body) : 'none';
      if (spec && scopes === 'scopes')
        return result('pass', 'noteScopesInSpec', spec.evidence.path);
      if (spec && scopes === 'schemes')
        return result('partial', 'noteSchemesNoScopes', spec.evidence.path);
      return miss(answers, [PROTECTED_RESOURCE, ...OPENAPI]);
    },
  },
  'mcp-server': {
    name: 'MCP server / manifest',
    tier: 'recommended',
    requests: MCP_PLACES.slice(0, 1),
    surface: true,
    followUps: (answers) => (mcpFound(answers) ? [] : MCP_PLACES.slice(1)),
    judge(answers) {
      const found = mcpFound(answers);
      // Found: the rest of the check needs MCP's own requests (POST), which this does not send.
      if (found) return result('unknown', 'checkWhyMcpFound', found.path);
      // A file at one of the places that is no discovery document: the service's "invalid
      // manifest" earns partial credit.
      const invalid = MCP_PLACES.find((spec) => isFile(answers.at(spec), answers));
      if (invalid) return result('partial', 'noteMcpInvalid', invalid.path);
      return miss(answers, MCP_PLACES);
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
      const names = answer.evidence.headers.flatMap(([name]) =>
        /ratelimit/i.test(name) ? [name] : [],
      );
      const level = names.length > 0 ? 'pass' : 'fail';
      return result(level, 'noteRateLimit', API_HEAD.path, listed(names));
    },
  },
};
