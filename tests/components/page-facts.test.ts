import { afterEach, describe, expect, it } from 'vitest';
import { readPageFacts } from '../../lib/checks/page-facts';

type Holder = { modelContext?: unknown };

afterEach(() => {
  delete (document as Holder).modelContext;
  delete (navigator as Holder).modelContext;
  document.body.innerHTML = '';
});

const SCHEMA = { type: 'object', properties: { q: { type: 'string', description: 'Words' } } };

describe('reading a page', () => {
  it('reads Chromium’s tools field by field: a promise of objects that cannot be cloned whole', async () => {
    let calls = 0;
    const tool: Record<string, unknown> = {
      name: 'search',
      title: '',
      description: 'Search the shop',
      inputSchema: SCHEMA,
      annotations: { readOnlyHint: true },
      origin: 'https://shop.example',
    };
    // Chromium's tools carry the page's window: JSON.stringify of one throws.
    tool.window = tool;
    (document as Holder).modelContext = {
      getTools: async () => [tool],
      executeTool: () => calls++,
    };
    const facts = await readPageFacts();
    expect(facts.webmcp).toBe(true);
    expect(facts.scriptTools).toEqual([
      { name: 'search', description: 'Search the shop', inputSchema: SCHEMA },
    ]);
    expect(calls).toBe(0);
  });

  it('reads Firefox’s tools: an array at once, each with a callable execute never called', async () => {
    let calls = 0;
    (navigator as Holder).modelContext = {
      getTools: () => [
        {
          name: 'search',
          description: 'Search the shop',
          inputSchema: SCHEMA,
          execute: () => calls++,
        },
      ],
    };
    const facts = await readPageFacts();
    expect(facts.scriptTools).toEqual([
      { name: 'search', description: 'Search the shop', inputSchema: SCHEMA },
    ]);
    expect(calls).toBe(0);
  });

  it('says when the browser shows no script tools, and still reads the markup ones', async () => {
    document.body.innerHTML = `
      <form toolname="contact" tooldescription="Write to us">
        <label>Email <input type="email" name="email" value="typed@example.com" toolparamdescription="Your email"></label>
        <textarea name="message"></textarea>
      </form>
      <form role="search"><input type="search" name="q" value="secret words"></form>`;
    const facts = await readPageFacts();
    expect(facts.webmcp).toBe(false);
    expect(facts.markupTools).toEqual([
      {
        name: 'contact',
        description: 'Write to us',
        fields: [
          { name: 'email', type: 'email', description: 'Your email' },
          { name: 'message', type: 'textarea', description: '' },
        ],
      },
    ]);
    expect(facts.formsWithoutTool.map((form) => form.kind)).toEqual(['search']);
    // Structure and names only: what a person typed is never read.
    expect(JSON.stringify(facts)).not.toMatch(/typed@example|secret words/);
  });

  it('tells the forms a person fills in by what they ask for, and leaves out the rest', async () => {
    document.body.innerHTML = `
      <div role="search"><form><input name="q"></form></div>
      <form><input type="email" name="email"></form>
      <form><textarea name="message"></textarea></form>
      <form action="/checkout/pay"><input name="card"></form>
      <form id="prefs"><select name="theme"></select><input name="size"></form>
      <form><input type="hidden" name="token"><button>Go</button></form>`;
    const facts = await readPageFacts();
    expect(facts.formsWithoutTool.map((form) => form.kind)).toEqual([
      'search',
      'sign-up',
      'contact',
      'checkout',
      'other',
    ]);
    expect(facts.formsWithoutTool[4]?.label).toBe('#prefs');
  });

  it('names the controls an agent would find blank, as the accessibility tree names them', async () => {
    document.body.innerHTML = `
      <button class="icon"><svg></svg></button>
      <a href="/home"><img alt="Home"></a>
      <button aria-label="Close"></button>
      <span id="find">Find</span><input id="query" aria-labelledby="find">
      <label>Email <input type="email"></label>
      <input name="coupon" placeholder="Coupon code">
      <textarea id="notes">Typed text does not name a field</textarea>
      <a href="/empty"></a>`;
    const facts = await readPageFacts();
    expect(facts.unnamed).toEqual({ count: 3, examples: ['button.icon', 'textarea#notes', 'a'] });
  });

  it('leaves out the copy of a markup tool that Chromium lists among the script tools', async () => {
    document.body.innerHTML =
      '<form toolname="track" tooldescription="Track"><input name="id"></form>';
    (document as Holder).modelContext = {
      getTools: async () => [
        { name: 'track', description: 'Track', inputSchema: SCHEMA },
        { name: 'track', description: 'Track by script', inputSchema: SCHEMA },
      ],
    };
    const facts = await readPageFacts();
    expect(facts.scriptTools.map((tool) => tool.description)).toEqual(['Track by script']);
    expect(facts.markupTools.map((tool) => tool.name)).toEqual(['track']);
  });

  it('takes a page whose tools list fails as a page without script tools', async () => {
    (document as Holder).modelContext = {
      getTools: () => {
        throw new Error('no');
      },
    };
    const facts = await readPageFacts();
    expect(facts.scriptTools).toEqual([]);
    // The browser has WebMCP: the page is one without tools, not a browser that shows none.
    expect(facts.webmcp).toBe(true);
  });
});
