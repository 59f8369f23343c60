/**
 * What the rules need from a page's server HTML, read with the browser's own parser (DOMParser:
 * a document without a window, so nothing of the page is run, loaded or shown; and no parser
 * library to ship). The text counted is what an agent reading the HTML with JavaScript off
 * gets: scripts, styles and the head left out, white space collapsed.
 */

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

const lower = (element: Element, name: string) =>
  (element.getAttribute(name) ?? '').trim().toLowerCase();

export function htmlFacts(html: string): HtmlFacts {
  const page = new DOMParser().parseFromString(html, 'text/html');
  const all = (selector: string) => [...page.querySelectorAll(selector)];
  const metas = all('meta').map((meta) => ({
    property: (meta.getAttribute('property') ?? meta.getAttribute('name') ?? '').toLowerCase(),
    content: meta.getAttribute('content') ?? '',
    httpEquiv: lower(meta, 'http-equiv'),
  }));
  const hasMeta = (property: string) =>
    metas.some((meta) => meta.property === property && meta.content !== '');
  const jsonLd = all('script')
    .filter((script) => lower(script, 'type') === 'application/ld+json')
    .map((script) => script.textContent ?? '');
  const headings = [
    ...new Set(all('h1, h2, h3, h4, h5, h6').map((heading) => Number(heading.tagName[1]))),
  ];
  for (const hidden of all('script, style, noscript, template, svg')) hidden.remove();
  return {
    text: (page.body?.textContent ?? '').replace(/\s+/g, ' ').trim().length,
    headings,
    lang: lower(page.documentElement, 'lang') !== '',
    canonical: all('link[href]').some((link) =>
      lower(link, 'rel').split(/\s+/).includes('canonical'),
    ),
    ogImage: hasMeta('og:image'),
    ogType: hasMeta('og:type'),
    jsonLd,
    links: all('a[href]').map((link) => link.getAttribute('href') ?? ''),
    refresh: metas.some((meta) => meta.httpEquiv === 'refresh'),
  };
}

/** Whether a body is an HTML document, whatever its content type says. */
export const looksHtml = (body: string) => /^\s*(<!doctype html|<html|<head|<body)/i.test(body);
