/**
 * A build plugin that takes raw HTML out of Preact: `dangerouslySetInnerHTML` is written as
 * text (`textContent`) instead of markup.
 *
 * Why: every string this extension shows comes from a remote service and must stay text
 * (docs/architecture.md, "Who owns what"). The components never use `dangerouslySetInnerHTML` (Biome's
 * recommended rules forbid it), but Preact's renderer still carries the one `innerHTML`
 * assignment that would honour it. Firefox's add-on linter flags that assignment
 * (UNSAFE_VAR_ASSIGNMENT), and the store package must lint clean, so the bundle does
 * without it.
 *
 * If a Preact release changes that code, the build fails here rather than shipping the
 * assignment again.
 */
import type { Plugin } from 'vite';

/** Preact's minified `dom.innerHTML = newHtml.__html` (names vary between releases). */
const RAW_HTML_ASSIGNMENT = /([\w$]+)\.innerHTML=([\w$]+)\.__html/g;

const PREACT_RENDERER = /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/;

/** Rewrites Preact's renderer so that raw HTML is set as text. Throws if nothing matches. */
export function withoutRawHtml(code: string): string {
  const matches = code.match(RAW_HTML_ASSIGNMENT) ?? [];
  if (matches.length !== 1) {
    throw new Error(
      `Expected one raw HTML assignment in Preact's renderer, found ${matches.length}: update build/preact-text-only.ts for this Preact release.`,
    );
  }
  return code.replace(RAW_HTML_ASSIGNMENT, '$1.textContent=$2.__html');
}

export function preactTextOnly(): Plugin {
  return {
    name: 'agent-readiness-badge:preact-text-only',
    enforce: 'pre',
    transform(code, id) {
      if (!PREACT_RENDERER.test(id.split('?')[0] ?? id)) return null;
      return { code: withoutRawHtml(code), map: null };
    },
  };
}
