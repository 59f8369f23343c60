/** Pass rules read from the home page's server HTML (one GET of `/`). */
import {
  type Answers,
  filled,
  HOME,
  isObject,
  listed,
  mark,
  type Probe,
  parseJson,
  result,
  trouble,
} from './answers';
import type { Note } from './evidence';
import type { HtmlFacts } from './html-facts';

/** The home page's facts, or the reason (a note) it cannot be read. */
function home(answers: Answers): HtmlFacts | Note {
  const answer = answers.at(HOME);
  const status = String(answer?.evidence.status);
  return trouble(answer) ?? answers.facts(HOME) ?? ['checkWhyStatus', status];
}

const onHome = (
  name: string,
  tier: Probe['tier'],
  judge: (facts: HtmlFacts) => ReturnType<Probe['judge']>,
  more: Partial<Probe> = {},
): Probe => ({
  name,
  tier,
  requests: [HOME],
  judge(answers) {
    const facts = home(answers);
    return Array.isArray(facts) ? result('unknown', ...facts) : judge(facts);
  },
  ...more,
});

type Node = Record<string, unknown>;

/** At most this many nodes are read from a page's JSON-LD: far more than any real page has. */
const MAX_NODES = 10_000;

/** Every node of the page's JSON-LD (arrays and `@graph` flattened) and how many blocks failed.
 * A stack, not recursion: a site's nesting depth is not this code's to trust. */
function jsonLdNodes(facts: HtmlFacts): { nodes: Node[]; broken: number } {
  const nodes: Node[] = [];
  let broken = 0;
  for (const block of facts.jsonLd) {
    const parsed = parseJson(block.trim());
    if (parsed === undefined) broken++;
    const pending: unknown[] = [parsed];
    while (pending.length > 0 && nodes.length < MAX_NODES) {
      const value = pending.pop();
      if (Array.isArray(value))
        for (let at = value.length - 1; at >= 0; at--) pending.push(value[at]);
      else if (isObject(value)) {
        nodes.push(value);
        if ('@graph' in value) pending.push(value['@graph']);
      }
    }
  }
  return { nodes, broken };
}

const typesOf = (node: unknown): string[] =>
  isObject(node) ? [node['@type']].flat().filter((type) => typeof type === 'string') : [];

const IDENTITY =
  /^(Organization|Corporation|LocalBusiness|OnlineBusiness|OnlineStore|SoftwareApplication|WebApplication|MobileApplication|Person|Article|BlogPosting|NewsArticle)$/;
const ORGANIZATION = /(Organization|Corporation|Business|Store|NGO)$/;

const contactOf = (node: Node) =>
  [node.contactPoint].flat().some((point) => {
    const reachable = isObject(point) && (filled(point.email) || filled(point.telephone));
    return reachable && filled(point.contactType);
  });

const addressOf = (node: Node) =>
  typesOf(node.address).includes('PostalAddress') ||
  (isObject(node.address) &&
    (filled(node.address.streetAddress) || filled(node.address.addressLocality)));

export const HOME_RULES: Record<string, Probe> = {
  'content-no-js': onHome('Content without JavaScript', 'essential', (facts) => {
    const outlined = facts.headings.includes(1) && facts.headings.length > 1;
    const level = facts.text < 500 ? 'fail' : outlined ? 'pass' : 'partial';
    const headings = listed(facts.headings.map((heading) => `h${heading}`));
    return result(level, 'noteContent', String(facts.text), headings);
  }),
  'json-ld': onHome(
    'JSON-LD structured data',
    'recommended',
    (facts) => {
      const { nodes, broken } = jsonLdNodes(facts);
      const identity = nodes.filter((node) => typesOf(node).some((type) => IDENTITY.test(type)));
      const complete = identity.some(
        (node) =>
          filled(node.name) &&
          filled(node.description) &&
          filled(node.url) &&
          ['sameAs', 'logo', 'address', 'applicationCategory', 'offers', 'author'].some((key) =>
            filled(node[key]),
          ),
      );
      // A node without a type says nothing an agent can use: only typed data earns credit.
      const typed = nodes.some((node) => typesOf(node).length > 0);
      const level = complete ? 'pass' : typed ? 'partial' : 'fail';
      const types = listed([...new Set(identity.flatMap(typesOf))]);
      return result(level, 'noteJsonLd', String(facts.jsonLd.length), String(broken), types);
    },
    { inferred: true },
  ),
  'org-schema-completeness': onHome('Organization schema completeness', 'recommended', (facts) => {
    const org = jsonLdNodes(facts).nodes.find((node) =>
      typesOf(node).some((type) => ORGANIZATION.test(type)),
    );
    const contact = org !== undefined && contactOf(org);
    const address = org !== undefined && addressOf(org);
    const level = contact && address ? 'pass' : contact || address ? 'partial' : 'fail';
    return result(level, 'noteOrg', listed(typesOf(org)), mark(contact), mark(address));
  }),
  'metadata-completeness': onHome('Metadata completeness', 'recommended', (facts) => {
    const signals = {
      canonical: facts.canonical,
      'html lang': facts.lang,
      'og:image': facts.ogImage,
      'og:type': facts.ogType,
    };
    const missing = Object.keys(signals).filter((name) => !signals[name as keyof typeof signals]);
    const level = missing.length === 0 ? 'pass' : missing.length < 4 ? 'partial' : 'fail';
    return result(level, 'noteMetadata', String(4 - missing.length), listed(missing));
  }),
};

/** The home page was read (its answer is a 200): the site is reachable from this browser. */
export const homeReachable = (answers: Answers) => !Array.isArray(home(answers));
