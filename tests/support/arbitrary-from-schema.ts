/**
 * fast-check arbitraries written from the OpenAPI document itself, so "every report the
 * document allows" means what the document says, not what a test author remembered. Covers
 * the JSON Schema the contract uses: $ref, object (properties, required), array (items),
 * string (enum, format uri and date-time), number and integer (minimum, maximum), null, and
 * type lists such as ["number", "null"].
 *
 * Free strings mix arbitrary Unicode with the injection corpus; URIs and date-times cover the
 * forms RFC 3986 and RFC 3339 allow, not only the ones a well-behaved server sends.
 */
import fc from 'fast-check';
import { HOSTILE_STRINGS } from '../fixtures/hostile-strings';

type Schema = Record<string, unknown>;

/** Longest array generated: enough for several issues of each tier without slow runs. */
const MAX_ITEMS = 6;

export function arbitraryFromSchema(schema: Schema, document: Schema): fc.Arbitrary<unknown> {
  const ref = schema.$ref;
  if (typeof ref === 'string') return arbitraryFromSchema(resolveRef(ref, document), document);

  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));

  const type = schema.type;
  if (Array.isArray(type)) {
    return fc.oneof(
      ...type.map((single) => arbitraryFromSchema({ ...schema, type: single }, document)),
    );
  }
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'object':
      return objectArbitrary(schema, document);
    case 'array':
      return fc.array(arbitraryFromSchema(schema.items as Schema, document), {
        maxLength: MAX_ITEMS,
      });
    case 'string':
      return stringArbitrary(schema.format);
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
        max: typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER,
      });
    default:
      throw new Error(`arbitraryFromSchema does not know the schema ${JSON.stringify(schema)}`);
  }
}

function resolveRef(ref: string, document: Schema): Schema {
  if (!ref.startsWith('#/')) throw new Error(`Only local refs are supported: ${ref}`);
  let current: unknown = document;
  for (const key of ref.slice(2).split('/')) current = (current as Schema)[key];
  if (typeof current !== 'object' || current === null) throw new Error(`No schema at ${ref}`);
  return current as Schema;
}

function objectArbitrary(schema: Schema, document: Schema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = arbitraryFromSchema(property, document);
  }
  return fc.record(model, { requiredKeys: required });
}

function stringArbitrary(format: unknown): fc.Arbitrary<string> {
  switch (format) {
    case undefined:
      return freeString;
    case 'uri':
      return uriArbitrary;
    case 'date-time':
      return dateTimeArbitrary;
    default:
      throw new Error(`arbitraryFromSchema does not know the string format ${String(format)}`);
  }
}

const freeString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...Object.values(HOSTILE_STRINGS)),
);

/** Absolute URIs: web addresses, and the other schemes RFC 3986 allows (not all are links). */
const uriArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webUrl({ validSchemes: ['http', 'https', 'ftp'], authoritySettings: { withPort: true } }),
  fc.constantFrom(
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hello',
    'urn:isbn:0451450523',
    'mailto:someone@example.com',
    'http://[2001:db8::1]/path',
    'HTTPS://EXAMPLE.COM/UPPER',
    'http://example.com:99999/a-port-over-65535',
  ),
);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * RFC 3339 date-times: `T`, `t` or a space between date and time, fractional seconds or none,
 * `Z`, `z` or a numeric offset in each of the forms the document's validator reads, and leap
 * seconds (23:59:60 in UTC, written in any offset).
 */
const dateTimeArbitrary: fc.Arbitrary<string> = fc
  .record({
    utc: fc.date({
      min: new Date('0002-01-01T00:00:00Z'),
      max: new Date('9998-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    leapSecond: fc.boolean(),
    separator: fc.constantFrom('T', 't', ' '),
    fraction: fc.option(fc.stringMatching(/^\.\d{1,9}$/), { nil: '' }),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z'),
      fc.record({
        minutes: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        form: fc.constantFrom('hh:mm', 'hhmm', 'hh'),
      }),
    ),
  })
  .map(({ utc, leapSecond, separator, fraction, zone }) => {
    const form = typeof zone === 'string' ? zone : zone.form;
    // An offset of hours only cannot carry minutes.
    const requested = typeof zone === 'string' ? 0 : zone.minutes;
    const offsetMinutes = form === 'hh' ? requested - (requested % 60) : requested;
    const instant = new Date(utc.getTime());
    if (leapSecond) instant.setUTCHours(23, 59, 59, 0);
    const local = new Date(instant.getTime() + offsetMinutes * 60_000);
    const seconds = leapSecond ? 60 : local.getUTCSeconds();
    const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(seconds)}`;
    const sign = offsetMinutes < 0 ? '-' : '+';
    const hours = pad(Math.floor(Math.abs(offsetMinutes) / 60));
    const minutes = pad(Math.abs(offsetMinutes) % 60);
    const zoneText =
      form === 'Z' || form === 'z'
        ? form
        : form === 'hh:mm'
          ? `${sign}${hours}:${minutes}`
          : form === 'hhmm'
            ? `${sign}${hours}${minutes}`
            : `${sign}${hours}`;
    return `${date}${separator}${time}${fraction}${zoneText}`;
  });
