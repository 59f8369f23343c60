/**
 * The OpenAPI document as ajv validators, so tests can hold any body against the contract
 * exactly as it is written, independently of the valibot schemas the extension uses.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
// Imported rather than read from disk so it loads in any test environment (happy-dom too).
import openapiDocument from '../../lib/contract/openapi.json';

const DOCUMENT_ID = 'openapi.json';

export type OpenApiDocument = Record<string, unknown>;

/** A fresh copy of the document, so no test can change what another one sees. */
export function readOpenApiDocument(): OpenApiDocument {
  return structuredClone(openapiDocument) as OpenApiDocument;
}

export interface OpenApiValidators {
  report: ValidateFunction;
  error: ValidateFunction;
}

/**
 * The whole document goes in as one schema so `#/components/schemas/...` refs resolve where
 * they are written. Its OpenAPI-only top-level fields are declared as (inert) keywords, which
 * keeps ajv's strict mode on for everything inside the schemas.
 */
export function openapiValidators(document = readOpenApiDocument()): OpenApiValidators {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components']);
  ajv.addSchema(document, DOCUMENT_ID);
  const validator = (name: string) => {
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`No schema ${name} in the OpenAPI document`);
    return validate;
  };
  return { report: validator('PublicScanReport'), error: validator('Error') };
}
