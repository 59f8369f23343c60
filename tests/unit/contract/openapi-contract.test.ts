// @vitest-environment node
/**
 * The OpenAPI document is the contract in the repo; the valibot schemas (what the extension
 * trusts), the fixture reports and the reference server's bodies are all held against it here.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  contractSchemas,
  MAX_URL_LENGTH,
  type ScanReport,
} from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL, REPORT_PATH } from '../../../lib/contract/service-base-url';
import { fixtureReports } from '../../../reference-server/fixtures/reports';
import { buildReportTable } from '../../../reference-server/report-store';
import { errorBody } from '../../../reference-server/responses';
import { errorBodySchema } from '../../fixtures/error-body';
import { openapiValidators, readOpenApiDocument } from '../../support/openapi-validators';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

type Json = Record<string, unknown>;

const openapi = readOpenApiDocument();

function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

const schemas = at(openapi, 'components', 'schemas') as Record<string, Json>;
const operation = at(openapi, 'paths', REPORT_PATH, 'get') as Json;

const validators = openapiValidators();

function openapiErrors(validate: typeof validators.report, body: unknown): string {
  validate(body);
  return JSON.stringify(validate.errors ?? []);
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1.0 describing version 1.0.0 of the API', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(at(openapi, 'info', 'version')).toBe('1.0.0');
  });

  it('has the one read-only operation, GET /api/report, named getIsAgenticReport', () => {
    expect(Object.keys(at(openapi, 'paths') as Json)).toEqual([REPORT_PATH]);
    expect(Object.keys(at(openapi, 'paths', REPORT_PATH) as Json)).toEqual(['get']);
    expect(operation.operationId).toBe('getIsAgenticReport');
    expect(operation).not.toHaveProperty('requestBody');
  });

  it('takes one required query parameter url: a URI string of at most 2048 characters', () => {
    expect(operation.parameters).toEqual([
      expect.objectContaining({
        name: 'url',
        in: 'query',
        required: true,
        schema: { type: 'string', format: 'uri', maxLength: 2048 },
      }),
    ]);
    expect(MAX_URL_LENGTH).toBe(2048);
  });

  it('answers 200 with a report and a Cache-Control header, 400/404/503 with an Error', () => {
    const responses = operation.responses as Record<string, Json>;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '404', '503']);
    expect(at(responses, '200', 'content')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/PublicScanReport' } },
    });
    expect(at(responses, '200', 'headers', 'Cache-Control', 'schema')).toEqual({
      type: 'string',
    });
    for (const status of ['400', '404', '503']) {
      expect(at(responses, status, 'content')).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      });
    }
  });

  it('declares exactly the four component schemas', () => {
    expect(Object.keys(schemas).sort()).toEqual([
      'Error',
      'PublicScanIssue',
      'PublicScanReport',
      'ScoreBucket',
    ]);
  });

  it('closes every object except Error, and requires every field it lists', () => {
    const objects: [string, Json][] = [];
    const collect = (where: string, schema: Json) => {
      if (schema.type === 'object') objects.push([where, schema]);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
        collect(`${where}.${name}`, property as Json);
      }
    };
    for (const [name, schema] of Object.entries(schemas)) collect(name, schema);

    expect(objects.map(([where]) => where).sort()).toEqual([
      'Error',
      'PublicScanIssue',
      'PublicScanReport',
      'PublicScanReport.score_breakdown',
      'PublicScanReport.score_breakdown.bonus',
      'ScoreBucket',
    ]);
    for (const [where, schema] of objects) {
      if (where === 'Error') continue;
      expect(schema.additionalProperties, where).toBe(false);
      expect([...(schema.required as string[])].sort(), where).toEqual(
        Object.keys(schema.properties as Json).sort(),
      );
    }
    expect(schemas.Error).not.toHaveProperty('additionalProperties');
    expect(schemas.Error?.required).toEqual(['error']);
  });

  it('gives the enums, the score range and the string formats of the contract', () => {
    expect(at(schemas, 'PublicScanIssue', 'properties', 'tier', 'enum')).toEqual([
      'essential',
      'recommended',
      'bonus',
    ]);
    expect(at(schemas, 'PublicScanIssue', 'properties', 'result', 'enum')).toEqual([
      'failed',
      'partial',
    ]);
    expect(at(schemas, 'PublicScanReport', 'properties', 'score')).toMatchObject({
      type: ['number', 'null'],
      minimum: 0,
      maximum: 100,
    });
    const formats = {
      'PublicScanReport.target': 'uri',
      'PublicScanReport.report_url': 'uri',
      'PublicScanReport.scanned_at': 'date-time',
      'Error.documentation_url': 'uri',
      'Error.scan_url': 'uri',
    };
    for (const [where, format] of Object.entries(formats)) {
      const [schema = '', field = ''] = where.split('.');
      expect(at(schemas, schema, 'properties', field, 'format'), where).toBe(format);
    }
    for (const field of ['details', 'recommendation']) {
      expect(at(schemas, 'PublicScanIssue', 'properties', field, 'type')).toEqual([
        'string',
        'null',
      ]);
    }
  });

  it('makes counts non-negative integers and points non-negative numbers', () => {
    const bonus = ['PublicScanReport', 'properties', 'score_breakdown', 'properties', 'bonus'];
    const counts = [
      at(schemas, 'PublicScanReport', 'properties', 'eligible_checks'),
      at(schemas, 'ScoreBucket', 'properties', 'passing'),
      at(schemas, 'ScoreBucket', 'properties', 'total'),
      at(schemas, ...bonus, 'properties', 'positive_signals'),
    ];
    const points = [
      at(schemas, 'ScoreBucket', 'properties', 'earned'),
      at(schemas, 'ScoreBucket', 'properties', 'available'),
      at(schemas, ...bonus, 'properties', 'points'),
    ];
    for (const count of counts) expect(count).toMatchObject({ type: 'integer', minimum: 0 });
    for (const point of points) expect(point).toMatchObject({ type: 'number', minimum: 0 });
    // The service does not state these minimums; each field says where they come from.
    for (const field of [...counts, ...points]) {
      expect(at(field, 'description')).toContain('minimum 0');
    }
  });
});

describe('the fixture reports', () => {
  const reports: [string, unknown][] = [
    ...Object.entries(fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW)),
    ...Object.entries(fixtureReports('http://127.0.0.1:8787', NOW)).map(
      ([name, report]): [string, unknown] => [`${name} (reference server)`, report],
    ),
    // What the reference server stores, the misbehaving sites' stand-in reports included.
    ...[...buildReportTable('http://127.0.0.1:8787', NOW)].map(
      ([origin, report]): [string, unknown] => [origin, report],
    ),
  ];

  it.each(reports)('%s satisfies the OpenAPI PublicScanReport schema', (_name, report) => {
    expect(openapiErrors(validators.report, report)).toBe('[]');
  });

  it.each(reports)('%s satisfies the valibot report schema', (_name, report) => {
    expect(v.safeParse(contractSchemas().scanReport, report).issues).toBeUndefined();
  });
});

describe('bodies that break the contract', () => {
  const valid = (): ScanReport =>
    structuredClone(fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid);
  const changed = (change: (report: Json) => void): Json => {
    const report = valid() as unknown as Json;
    change(report);
    return report;
  };
  const bucket = (report: Json, tier: string) =>
    at(report, 'score_breakdown', tier) as Record<string, unknown>;
  const firstIssue = (report: Json) => (report.issues as Json[])[0] as Json;

  // v.object strips unknown keys by design (a newer service may add fields without breaking the
  // extension), so these are rejected by the OpenAPI schema only.
  const extraKeys: [string, Json][] = [
    ['an extra top-level key', changed((r) => Object.assign(r, { surface: 'website' }))],
    [
      'an extra key in score_breakdown',
      changed((r) => Object.assign(r.score_breakdown as Json, { api: {} })),
    ],
    [
      'an extra key in a score bucket',
      changed((r) => Object.assign(bucket(r, 'essential'), { percent: 72 })),
    ],
    ['an extra key in bonus', changed((r) => Object.assign(bucket(r, 'bonus'), { checks: [] }))],
    ['an extra key in an issue', changed((r) => Object.assign(firstIssue(r), { credit: 0.5 }))],
  ];

  const brokenTypesOrRanges: [string, Json][] = [
    ['a missing top-level key', changed((r) => delete r.score_label)],
    [
      'a missing issue key (details must be present, even as null)',
      changed((r) => delete firstIssue(r).details),
    ],
    ['a missing bucket key', changed((r) => delete bucket(r, 'recommended').total)],
    ['score 101', changed((r) => Object.assign(r, { score: 101 }))],
    ['score -1', changed((r) => Object.assign(r, { score: -1 }))],
    ['score "50"', changed((r) => Object.assign(r, { score: '50' }))],
    ['an unknown tier', changed((r) => Object.assign(firstIssue(r), { tier: 'optional' }))],
    ['an unknown result', changed((r) => Object.assign(firstIssue(r), { result: 'passed' }))],
    ['a negative count', changed((r) => Object.assign(bucket(r, 'essential'), { total: -1 }))],
    ['negative points', changed((r) => Object.assign(bucket(r, 'bonus'), { points: -2 }))],
    ['a fractional count', changed((r) => Object.assign(r, { eligible_checks: 20.5 }))],
    [
      'a fractional positive_signals',
      changed((r) => Object.assign(bucket(r, 'bonus'), { positive_signals: 1.5 })),
    ],
    ['a target that is not a URI', changed((r) => Object.assign(r, { target: 'mid fixture' }))],
    [
      'scanned_at that is not a date-time',
      changed((r) => Object.assign(r, { scanned_at: 'yesterday' })),
    ],
    ['issues that is not an array', changed((r) => Object.assign(r, { issues: {} }))],
  ];

  it('starts from a body both schemas accept', () => {
    expect(validators.report(valid())).toBe(true);
    expect(v.safeParse(contractSchemas().scanReport, valid()).success).toBe(true);
  });

  it.each([
    ...extraKeys,
    ...brokenTypesOrRanges,
  ])('the OpenAPI schema rejects %s', (_case, body) => {
    expect(validators.report(body)).toBe(false);
  });

  it.each(brokenTypesOrRanges)('the valibot schema rejects %s too', (_case, body) => {
    expect(v.safeParse(contractSchemas().scanReport, body).success).toBe(false);
  });

  it.each(extraKeys)('the valibot schema tolerates %s', (_case, body) => {
    expect(v.safeParse(contractSchemas().scanReport, body).success).toBe(true);
  });
});

describe('Error bodies', () => {
  const links = {
    scanUrl: 'http://127.0.0.1:8787/scan/unscanned.readiness-fixtures.com',
    documentationUrl: 'http://127.0.0.1:8787/docs/api',
  };

  it.each([
    ['a bare error', errorBody('No completed report is stored for this URL.')],
    ['an error with both links', errorBody('No completed report is stored for this URL.', links)],
    ['an error with a field the contract does not list', { error: 'Busy', retry_in: 30 }],
  ])('accepts %s (Error is open)', (_case, body) => {
    expect(openapiErrors(validators.error, body)).toBe('[]');
    expect(v.safeParse(errorBodySchema(), body).success).toBe(true);
  });

  it.each([
    ['no error field', { scan_url: links.scanUrl }],
    ['a non-string error', { error: 404 }],
    ['a scan_url that is not a URI', { error: 'Not found', scan_url: 'somewhere' }],
  ])('rejects %s', (_case, body) => {
    expect(validators.error(body)).toBe(false);
    expect(v.safeParse(errorBodySchema(), body).success).toBe(false);
  });
});
