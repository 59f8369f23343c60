/**
 * What the rules need from a page's server HTML, read with htmlparser2 (no DOM: nothing of the
 * page is built, run or shown). The text counted is what an agent reading the HTML with
 * JavaScript off gets: tags, scripts and styles left out, white space collapsed.
 */
import { Parser } from 'htmlparser2';

export interface HtmlFacts {
  /** Characters of visible text. */
  text: number;
  /** The heading levels used, in order of first use (1 for h1…). */
  headings: number[];
  lang: boolean;
  canonical: boolean;
  ogImage: boolean;
  ogType: boolean;
  /** The text of every `application/ld+json` script. */
  jsonLd: string[];
  /** Every `a href`, as written. */
  links: string[];
  /** A `<meta http-equiv="refresh">`. */
  refresh: boolean;
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);

export function htmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = {
    text: 0,
    headings: [],
    lang: false,
    canonical: false,
    ogImage: false,
    ogType: false,
    jsonLd: [],
    links: [],
    refresh: false,
  };
  let hidden = 0;
  let jsonLd: string | null = null;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden++;
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (level && !facts.headings.includes(Number(level))) facts.headings.push(Number(level));
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        const property = (attributes.property ?? attributes.name ?? '').toLowerCase();
        if (name === 'html' && attributes.lang?.trim()) facts.lang = true;
        if (name === 'link' && rel.includes('canonical') && attributes.href) facts.canonical = true;
        if (name === 'meta' && property === 'og:image' && attributes.content) facts.ogImage = true;
        if (name === 'meta' && property === 'og:type' && attributes.content) facts.ogType = true;
        if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh') {
          facts.refresh = true;
        }
        if (name === 'a' && attributes.href) facts.links.push(attributes.href);
        if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') {
          jsonLd = '';
        }
      },
      ontext(data) {
        if (jsonLd !== null) jsonLd += data;
        else if (hidden === 0) text += data;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        if (name === 'script' && jsonLd !== null) {
          facts.jsonLd.push(jsonLd);
          jsonLd = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  facts.text = text.replace(/\s+/g, ' ').trim().length;
  return facts;
}

/** Whether a body is an HTML document, whatever its content type says. */
export const looksHtml = (body: string) => /^\s*(<!doctype html|<html|<head|<body)/i.test(body);
