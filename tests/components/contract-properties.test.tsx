/**
 * Property tests over the contract, with reports generated from the OpenAPI document itself
 * (tests/support/arbitrary-from-schema.ts):
 *
 * - every report the document allows is accepted by the extension, whole, and renders;
 * - for any single change to such a report, the extension accepts it exactly when the
 *   document does (unknown keys aside, which the extension tolerates on purpose), and a body
 *   it refuses ends as "invalid response" with nothing of the report rendered.
 *
 * A failure prints the counterexample and the seed to replay it (fast-check's report).
 */

import { cleanup, render } from '@testing-library/preact';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupView } from '../../components/popup/PopupView';
import { contractSchemas } from '../../lib/contract/report-schema';
import { serviceLinkOrNull } from '../../lib/contract/safe-url';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { viewOfAnswer } from '../../lib/lookup/views';
import { createReportClient } from '../../lib/service/report-client';
import { errorBodySchema } from '../fixtures/error-body';
import { arbitraryFromSchema } from '../support/arbitrary-from-schema';
import { openapiValidators, readOpenApiDocument } from '../support/openapi-validators';

afterEach(cleanup);

type Json = Record<string, unknown>;

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T09:30:00Z');
const TARGET = 'https://example.com';
const INVALID_RESPONSE_HEADING = 'The service sent a report this extension could not read';

const document = readOpenApiDocument();
const validators = openapiValidators(document);
/**
 * The document with its objects opened: what it allows apart from unknown keys, which the
 * extension ignores rather than refuses so that a newer service cannot break it.
 */
const relaxedValidators = openapiValidators(withoutClosedObjects(document));

const reportSchema = (document.components as Json).schemas as Record<string, Json>;
const reportArbitrary = arbitraryFromSchema(reportSchema.PublicScanReport as Json, document);
const errorArbitrary = arbitraryFromSchema(reportSchema.Error as Json, document);

function withoutClosedObjects(value: unknown): Json {
  return JSON.parse(
    JSON.stringify(value, (key, entry) => (key === 'additionalProperties' ? undefined : entry)),
  ) as Json;
}

/** A body as it travels: JSON text, so -0, undefined and the like behave as on the wire. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

function clientAnswering(text: string) {
  return createReportClient({
    baseUrl: 'https://reports.example.org',
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
  });
}

type Path = (string | number)[];

/** Every place in a JSON value that a mutation can touch, the value itself excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [
      [...prefix, index],
      ...pathsOf(item, [...prefix, index]),
    ]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  }
  return [];
}

const REMOVE = Symbol('remove');

/** `value` with the thing at `path` replaced, or removed. */
function mutated(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value);
  let parent = copy as Json | unknown[];
  for (const key of path.slice(0, -1)) parent = (parent as Json)[key as string] as Json;
  const last = path[path.length - 1] as string | number;
  if (replacement !== REMOVE) (parent as Json)[last as string] = replacement;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last as string];
  return copy;
}

/** Replacements that hit the contract's rules, and arbitrary JSON for everything else. */
const replacementArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(REMOVE),
  fc.constantFrom(
    -1,
    101,
    100.5,
    1.5,
    0,
    1e308,
    '50',
    '',
    null,
    true,
    [],
    {},
    'critical',
    'passed',
    'not a uri',
    '/relative/path',
    '\tjavascript:alert(1)',
    'https://bücher.example/',
    '2026-02-30T00:00:00Z', // fixed date: no such day, refused as data
    '2026-11-19T09:30:00', // fixed date: no time zone, refused as data
    'yesterday',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1000, max: -1 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const mutationArbitrary = fc.record({ where: fc.nat(), replacement: replacementArbitrary });

/** A generated report as it comes over the wire, with one `mutation` at one of its paths. */
function changedReport(
  generated: unknown,
  mutation: { where: number; replacement: unknown },
): { path: Path; body: unknown } {
  const valid = overTheWire(generated);
  const paths = pathsOf(valid);
  const path = paths[mutation.where % paths.length] as Path;
  return { path, body: overTheWire(mutated(valid, path, mutation.replacement)) };
}

async function outcomeFor(body: unknown) {
  return clientAnswering(JSON.stringify(body)).lookupReport(TARGET);
}

/** Hundreds of renders take CPU time: on a loaded machine they outlast vitest's default 5 s. */
const RENDER_TIMEOUT_MS = 60_000;

describe('every report the OpenAPI document allows', () => {
  it(
    'is accepted whole by the extension and renders its site, score and issues',
    async () => {
      await fc.assert(
        fc.asyncProperty(reportArbitrary, async (generated) => {
          const body = overTheWire(generated) as Json;
          // The generator keeps to the document; a report it makes that the document refuses
          // is a bug in the generator, not in the extension.
          expect(validators.report.errors ?? [], JSON.stringify(body)).toEqual([]);
          expect(validators.report(body)).toBe(true);

          const outcome = await outcomeFor(body);
          if (outcome.kind !== 'report') throw new Error(`refused: ${JSON.stringify(outcome)}`);
          expect(outcome.report).toStrictEqual(body);

          const view = render(<PopupView view={viewOfAnswer(TARGET, outcome, NOW)} now={NOW} />);
          const heading = view.container.querySelector('h1');
          expect(heading?.textContent).toBe(body.display_target);
          const figure = view.container.querySelector('.score-figure')?.textContent ?? '';
          if (body.score === null) expect(figure).toBe('–');
          else expect(Number(figure)).toBe(Math.round(body.score as number));
          expect(view.container.querySelectorAll('.issue-name')).toHaveLength(
            (body.issues as unknown[]).length,
          );
          const links = [...view.container.querySelectorAll('a')].map((a) =>
            a.getAttribute('href'),
          );
          // Judged against the service the popup shows data from: the build's, here. An old
          // report links to it twice: the full report, and rescanning there.
          const safeReportUrl = serviceLinkOrNull(body.report_url, configuredServiceBaseUrl());
          expect([...new Set(links)]).toEqual(safeReportUrl === null ? [] : [safeReportUrl]);
          cleanup();
        }),
        { numRuns: 150 },
      );
    },
    RENDER_TIMEOUT_MS,
  );
});

describe('any single change to a valid report', () => {
  it('is accepted by the extension exactly when the document allows it (unknown keys aside)', async () => {
    await fc.assert(
      fc.asyncProperty(reportArbitrary, mutationArbitrary, async (generated, mutation) => {
        const { path, body } = changedReport(generated, mutation);

        const documentAllows = relaxedValidators.report(body) === true;
        const extensionAccepts = v.safeParse(contractSchemas().scanReport, body).success;
        expect(
          extensionAccepts,
          `document ${documentAllows ? 'allows' : 'refuses'} ${JSON.stringify(path)} = ${JSON.stringify(mutation.replacement)}`,
        ).toBe(documentAllows);
      }),
      { numRuns: 1000 },
    );
  });

  it(
    'when it breaks the contract, ends as "invalid response" with nothing of the report shown',
    async () => {
      await fc.assert(
        fc.asyncProperty(reportArbitrary, mutationArbitrary, async (generated, mutation) => {
          const { body } = changedReport(generated, mutation);
          fc.pre(relaxedValidators.report(body) !== true);

          const outcome = await outcomeFor(body);
          expect(outcome.kind).toBe('invalid-response');

          const view = render(<PopupView view={viewOfAnswer(TARGET, outcome, NOW)} now={NOW} />);
          expect(view.container.querySelector('h1')?.textContent).toBe(INVALID_RESPONSE_HEADING);
          // No part of the report: no score, no label, no buckets, no issues, no link.
          for (const selector of [
            '.report',
            '.score-figure',
            '.score-label',
            '.buckets',
            '.issue',
          ]) {
            expect(view.container.querySelector(selector), selector).toBeNull();
          }
          expect(view.container.querySelectorAll('a')).toHaveLength(0);
          cleanup();
        }),
        { numRuns: 200 },
      );
    },
    RENDER_TIMEOUT_MS,
  );
});

describe('Error bodies', () => {
  it('the extension accepts exactly the Error bodies the document allows, changed or not', () => {
    fc.assert(
      fc.property(errorArbitrary, fc.option(mutationArbitrary), (generated, mutation) => {
        const valid = overTheWire(generated);
        expect(validators.error(valid)).toBe(true);
        const paths = pathsOf(valid);
        const body =
          mutation === null || paths.length === 0
            ? valid
            : overTheWire(
                mutated(valid, paths[mutation.where % paths.length] as Path, mutation.replacement),
              );
        // Error is the one open object, so no relaxing is needed here.
        expect(v.safeParse(errorBodySchema(), body).success).toBe(validators.error(body) === true);
      }),
      { numRuns: 500 },
    );
  });
});
