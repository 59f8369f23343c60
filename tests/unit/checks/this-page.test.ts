import { describe, expect, it } from 'vitest';
import { isMarkdown } from '../../../lib/checks/answers';
import type { Fetched } from '../../../lib/checks/evidence';
import type { PageFacts } from '../../../lib/checks/page-facts';
import { pageTools } from '../../../lib/checks/this-page';

const facts = (more: Partial<PageFacts>): PageFacts => ({
  origin: 'https://shop.example',
  path: '/',
  secure: true,
  webmcp: true,
  scriptTools: [],
  markupTools: [],
  formsWithoutTool: [],
  unnamed: { count: 0, examples: [] },
  textChars: 0,
  markdownLink: null,
  ...more,
});

const script = (name: string, inputSchema: unknown, description = 'Does a thing') => ({
  name,
  description,
  inputSchema,
});

const problemsOf = (page: PageFacts) => pageTools(page).map((tool) => tool.problems);

describe('the tools of a page', () => {
  it('reads a script tool’s parameters from its input schema', () => {
    const [tool] = pageTools(
      facts({
        scriptTools: [
          script('search', {
            type: 'object',
            properties: {
              query: { type: 'string', description: 'Words' },
              sort: { enum: ['new', 'old'], description: 'Order' },
            },
          }),
        ],
      }),
    );
    expect(tool).toEqual({
      name: 'search',
      source: 'script',
      description: 'Does a thing',
      params: [
        { name: 'query', type: 'string', description: 'Words' },
        { name: 'sort', type: 'enum', description: 'Order' },
      ],
      problems: [],
    });
  });

  it('takes a schema without properties as a tool without parameters', () => {
    expect(problemsOf(facts({ scriptTools: [script('now', { type: 'object' })] }))).toEqual([[]]);
  });

  it('names an input schema that is no object schema', () => {
    for (const schema of [
      null,
      'text',
      [],
      { type: 'string' },
      { type: 'object', properties: [] },
    ]) {
      expect(problemsOf(facts({ scriptTools: [script('odd', schema)] }))).toEqual([
        [['pageToolBadSchema']],
      ]);
    }
  });

  it('names parameters without a type or a description', () => {
    const schema = {
      type: 'object',
      properties: { sku: { type: 'string' }, quantity: {}, note: 'not an object' },
    };
    expect(problemsOf(facts({ scriptTools: [script('add', schema)] }))).toEqual([
      [
        ['pageToolUntyped', 'quantity, note'],
        ['pageToolUndescribed', 'sku, quantity, note'],
      ],
    ]);
  });

  it('names a tool without a name or a description, and names used twice across sources', () => {
    const page = facts({
      scriptTools: [script('', { type: 'object' }), script('track', { type: 'object' }, '')],
      markupTools: [{ name: 'track', description: 'Track', fields: [] }],
    });
    expect(pageTools(page).map((tool) => [tool.source, tool.problems])).toEqual([
      ['script', [['pageToolNoName']]],
      ['script', [['pageToolDuplicate'], ['pageToolNoDescription']]],
      ['markup', [['pageToolDuplicate']]],
    ]);
  });

  it('reads a markup tool’s fields as its parameters', () => {
    const fields = [
      { name: 'email', type: 'email', description: '' },
      { name: 'topic', type: 'select-one', description: 'What it is about' },
    ];
    const [tool] = pageTools(
      facts({ markupTools: [{ name: 'contact', description: 'Ask', fields }] }),
    );
    expect(tool?.params).toEqual(fields);
    expect(tool?.problems).toEqual([['pageToolUndescribed', 'email']]);
  });

  it('bounds what a crafted schema can make it read', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5000 }, (_, index) => [
        `p${index}`,
        { type: 'string', description: 'x' },
      ]),
    );
    const [tool] = pageTools(
      facts({ scriptTools: [script('many', { type: 'object', properties })] }),
    );
    expect(tool?.params).toHaveLength(50);
  });
});

describe('an answer as markdown', () => {
  const answer = (type: string, body = '# Title') =>
    ({ body, header: (name: string) => (name === 'content-type' ? type : '') }) as Fetched;

  it('takes the type with or without parameters, in any case, after white space', () => {
    for (const type of [
      'text/markdown',
      ' Text/Markdown; charset=utf-8',
      'text/markdown;variant=GFM',
    ])
      expect(isMarkdown(answer(type))).toBe(true);
  });

  it('refuses another type, one that only begins the same, and HTML sent as markdown', () => {
    for (const type of ['text/plain', 'text/markdownish', 'text/x-markdown', ''])
      expect(isMarkdown(answer(type))).toBe(false);
    expect(isMarkdown(answer('text/markdown', '<!doctype html><p>x</p>'))).toBe(false);
  });

  it('finds the type after a long run of white space', () => {
    expect(isMarkdown(answer(`${' '.repeat(100_000)}text/markdown`))).toBe(true);
  });
});
