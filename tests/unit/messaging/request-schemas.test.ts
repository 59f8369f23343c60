import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../../lib/checks/check-run-record';
import {
  type CheckedRequest,
  type MessageName,
  type RequestOf,
  requestSchemas,
} from '../../../lib/messaging/messages';

type Cases = {
  [N in MessageName]: {
    /** What a page sends, and what the handler then gets. */
    accepted: [RequestOf<N>, CheckedRequest<N>][];
    refused: unknown[];
  };
};

const LONG_ORIGIN = `https://${'a'.repeat(2050)}.example`;
const NOT_AN_ORIGIN = [
  'https://a.example.com/',
  'https://a.example.com/path',
  'HTTPS://A.example.com',
  'javascript:alert(1)',
  'chrome://settings',
  'ftp://a.example.com',
  '',
  42,
  null,
  LONG_ORIGIN,
];
const NOT_A_DOMAIN = [
  'https://a.example.com',
  'a.example.com:8443',
  'a.example.com/path',
  'javascript:alert(1)',
  '*.example.com',
  '.example.com',
  '',
  42,
];

const CHECK_RUN = {
  id: 'a2b4c6',
  origin: 'http://localhost:3000',
  at: 1,
  ms: 20,
  state: 'done',
  quick: true,
  homeReachable: true,
  requests: [
    {
      method: 'GET',
      path: '/',
      accept: 'html',
      status: 200,
      type: 'text/html',
      headers: [['vary', 'Accept']],
      bytes: 10,
      ms: 3,
      text: '<h1>Hi</h1>',
      problem: null,
      cut: false,
      binary: false,
    },
  ],
  results: [
    {
      id: 'content-no-js',
      name: 'Content without JavaScript',
      tier: 'essential',
      surface: false,
      live: { level: 'fail', note: ['noteContent', '2', 'h1'], paths: ['GET /'] },
    },
  ],
  info: [['infoLlmsNone']],
  cut: false,
} satisfies CheckRun;

// One row per message (the type asks for every one): what its schema takes, and what it refuses.
const CASES: Cases = {
  showTab: {
    accepted: [
      [
        { tabId: 7, force: true, trigger: 'user' },
        { tabId: 7, force: true, trigger: 'user' },
      ],
      [
        { tabId: 7, force: false, trigger: 'follow' },
        { tabId: 7, force: false, trigger: 'follow' },
      ],
    ],
    refused: [
      { tabId: 7.5, force: false, trigger: 'user' },
      { tabId: '7', force: false, trigger: 'user' },
      { tabId: 7, trigger: 'user' },
      { tabId: 7, force: false },
      { tabId: 7, force: false, trigger: 'always' },
      undefined,
    ],
  },
  showSite: {
    accepted: [
      [
        { origin: 'https://a.example.com', force: false },
        { origin: 'https://a.example.com', force: false },
      ],
      [
        { origin: 'http://[::1]:8080', force: true },
        { origin: 'http://[::1]:8080', force: true },
      ],
    ],
    refused: [...NOT_AN_ORIGIN.map((origin) => ({ origin, force: false })), { force: false }],
  },
  setLookupMode: {
    accepted: [
      [{ mode: 'automatic' }, { mode: 'automatic' }],
      [{ mode: 'on-click' }, { mode: 'on-click' }],
    ],
    refused: [{ mode: 'always' }, {}, null],
  },
  setBadgeMode: {
    accepted: [
      [{ mode: 'all' }, { mode: 'all' }],
      [{ mode: 'scores' }, { mode: 'scores' }],
      [{ mode: 'off' }, { mode: 'off' }],
    ],
    refused: [{ mode: 'none' }, { mode: 1 }],
  },
  setOldReportDays: {
    accepted: [
      [{ days: '7' }, { days: '7' }],
      [{ days: 'never' }, { days: 'never' }],
    ],
    refused: [{ days: 7 }, { days: '14' }, { days: null }, {}],
  },
  pauseSite: {
    accepted: [
      [{ domain: 'a.example.com' }, { domain: 'a.example.com' }],
      [{ domain: 'A.Example.COM.' }, { domain: 'a.example.com' }],
      [{ domain: 'bücher.example' }, { domain: 'xn--bcher-kva.example' }],
      [{ domain: '::1' }, { domain: '[::1]' }],
    ],
    refused: NOT_A_DOMAIN.map((domain) => ({ domain })),
  },
  resumeSite: {
    accepted: [
      [
        { origin: 'http://jira.corp.example.com:8443' },
        { origin: 'http://jira.corp.example.com:8443' },
      ],
    ],
    refused: NOT_AN_ORIGIN.map((origin) => ({ origin })),
  },
  resumeDomain: {
    accepted: [[{ domain: 'Corp.Example.com' }, { domain: 'corp.example.com' }]],
    refused: NOT_A_DOMAIN.map((domain) => ({ domain })),
  },
  setServiceBaseUrl: {
    accepted: [
      [{ baseUrl: null }, { baseUrl: null }],
      [
        { baseUrl: ' https://lookup.example.com/api/ ' },
        { baseUrl: 'https://lookup.example.com/api' },
      ],
      [{ baseUrl: 'http://localhost:8787' }, { baseUrl: 'http://localhost:8787' }],
    ],
    refused: [
      'javascript:alert(1)',
      'ftp://lookup.example.com',
      'https://lookup.example.com/?a=1',
      'https://user:secret@lookup.example.com',
      '',
      `https://${'a'.repeat(2050)}.example`,
    ].map((baseUrl) => ({ baseUrl })),
  },
  watchSite: {
    accepted: [[{ origin: 'https://a.example.com' }, { origin: 'https://a.example.com' }]],
    refused: NOT_AN_ORIGIN.map((origin) => ({ origin })),
  },
  unwatchSite: {
    // Whatever the watch list holds may be removed.
    accepted: [
      [{ origin: 'https://a.example.com' }, { origin: 'https://a.example.com' }],
      [{ origin: 'a.example.com' }, { origin: 'a.example.com' }],
    ],
    refused: [{ origin: 42 }, { origin: LONG_ORIGIN }, {}],
  },
  clearLookupLog: { accepted: [[{}, {}]], refused: [null, 'all', []] },
  clearLocalData: { accepted: [[{}, {}]], refused: [undefined] },
  // Each record is parsed by the handler, as the store reads it.
  importBackup: {
    accepted: [
      [
        { settings: {}, watchList: {}, lookupLog: null, plannedOn: 'x', switchService: false },
        { settings: {}, watchList: {}, lookupLog: null, plannedOn: 'x', switchService: false },
      ],
    ],
    refused: [
      null,
      'records',
      // Without what it was planned on, or whether the user chose the file's service.
      { settings: {}, watchList: {} },
      { settings: {}, watchList: {}, plannedOn: 'x' },
    ],
  },
  removeCheckAccess: {
    accepted: [
      [{ permission: 'https://a.example.com/*' }, { permission: 'https://a.example.com/*' }],
      [{ permission: null }, { permission: null }],
    ],
    refused: [{}, { permission: 7 }, { permission: 'x'.repeat(3000) }],
  },
  finishCheckRun: {
    accepted: [[{ run: CHECK_RUN }, { run: CHECK_RUN }]],
    refused: [
      { run: { ...CHECK_RUN, state: 'finished' } },
      { run: { ...CHECK_RUN, id: undefined } },
      { run: { ...CHECK_RUN, origin: 'javascript:alert(1)' } },
      // More requests than a run may send.
      { run: { ...CHECK_RUN, requests: Array.from({ length: 17 }, () => CHECK_RUN.requests[0]) } },
      { run: { ...CHECK_RUN, results: [{ id: 'x', live: { level: 'pass' } }] } },
      { run: null },
    ],
  },
};

const schemas = requestSchemas();
const rows = (Object.keys(CASES) as MessageName[]).flatMap((name) => [
  ...CASES[name].accepted.map(([sent, got]) => ({ name, data: sent, got })),
  ...CASES[name].refused.map((data) => ({ name, data, got: undefined })),
]);

describe('the request schemas', () => {
  it('have a row of cases for each message', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(schemas).sort());
  });

  it.each(
    rows.filter((row) => row.got !== undefined),
  )('$name takes $data, and its handler gets $got', ({ name, data, got }) => {
    const parsed = v.safeParse(schemas[name], data);
    expect(parsed.issues).toBeUndefined();
    expect(parsed.output).toEqual(got);
  });

  it.each(rows.filter((row) => row.got === undefined))('$name refuses $data', ({ name, data }) => {
    expect(v.safeParse(schemas[name], data).success).toBe(false);
  });
});
