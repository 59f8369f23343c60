// @vitest-environment node
/**
 * The shared corpus (tests/fixtures/contract-corpus.ts) through both readings of the contract:
 * the OpenAPI document, validated by ajv, and the valibot schema the extension trusts, and then
 * through the client as the body of a 200. Each body is named in the output.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contractSchemas } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { createReportClient } from '../../../lib/service/report-client';
import { fixtureReports } from '../../../reference-server/fixtures/reports';
import { type CorpusBody, contractCorpus } from '../../fixtures/contract-corpus';
import { openapiValidators } from '../../support/openapi-validators';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const validators = openapiValidators();
const corpus = contractCorpus(fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid);

/** The body as a JSON value, or undefined for text that is not JSON (nothing can accept it). */
function parsed(body: CorpusBody): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.text) };
  } catch {
    return { ok: false };
  }
}

function clientAnswering(text: string) {
  return createReportClient({
    baseUrl: 'https://reports.example.org',
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
  });
}

describe('the shared contract corpus', () => {
  it('has bodies of every verdict', () => {
    const verdicts = new Set(corpus.map((body) => `${body.openapi}/${body.extension}`));
    expect([...verdicts].sort()).toEqual(['invalid/accepted', 'invalid/refused', 'valid/accepted']);
  });

  it.each(
    corpus.map((body) => [body.name, body] as const),
  )('the OpenAPI document finds %s as the corpus says', (_name, body) => {
    const json = parsed(body);
    const valid = json.ok && validators.report(json.value) === true;
    expect(valid ? 'valid' : 'invalid').toBe(body.openapi);
  });

  it.each(
    corpus.map((body) => [body.name, body] as const),
  )('the valibot schema finds %s as the corpus says', (_name, body) => {
    const json = parsed(body);
    const accepted = json.ok && v.safeParse(contractSchemas().scanReport, json.value).success;
    expect(accepted ? 'accepted' : 'refused').toBe(body.extension);
  });

  it.each(
    corpus.map((body) => [body.name, body] as const),
  )('the client ends %s in the state the corpus names', async (_name, body) => {
    const outcome = await clientAnswering(body.text).lookupReport('http://mid.example.com');
    if (body.extension === 'accepted') {
      expect(outcome.kind).toBe('report');
    } else {
      expect(outcome).toMatchObject({ kind: 'invalid-response', problem: body.problem });
    }
  });
});
