/**
 * npm run reference-server -- [--port N] [--host H] [--live]
 *
 * Starts the reference server with the bundled fixtures and built-in misbehaving sites,
 * prints what each fixture origin answers, and stops cleanly on Ctrl+C or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { LIVE_ORIGIN } from './fixtures/live-reports';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from './fixtures/reports';
import { describeMisbehaviour } from './misbehaviour';
import { RESCANNED_CACHE_CONTROL, RESCANNED_ORIGIN } from './rescanned-site';
import {
  DEFAULT_REFERENCE_SERVER_HOST,
  DEFAULT_REFERENCE_SERVER_PORT,
  type Dialect,
  type ReferenceServer,
  startReferenceServer,
} from './server';

const USAGE = `Usage: npm run reference-server -- [--port N] [--host H] [--live]

  --port N   port to listen on (default ${DEFAULT_REFERENCE_SERVER_PORT}; 0 picks a free one)
  --host H   address to listen on (default ${DEFAULT_REFERENCE_SERVER_HOST})
  --live     answer as the live service does: problem details, rate limits (120 per 60 s),
             /api/v1/report beside the deprecated /api/report, sentence labels
`;

function parseOptions(argv: string[]): { port: number; host: string; dialect: Dialect } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      live: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const port = values.port === undefined ? DEFAULT_REFERENCE_SERVER_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be a whole number from 0 to 65535, got ${values.port}`);
  }
  return {
    port,
    host: values.host ?? DEFAULT_REFERENCE_SERVER_HOST,
    dialect: values.live ? 'live' : 'contract',
  };
}

/** One row per origin the server knows, in the order a person would try them. */
function siteTable(server: ReferenceServer): string {
  const rows: [string, string][] = [];
  const misbehaviours = server.misbehaviours();
  const reports = server.reports();
  const fixtureOrigins = new Set<string>(Object.values(FIXTURE_ORIGINS));
  for (const origin of fixtureOrigins) {
    const report = reports.get(origin);
    const score = report?.score === null ? 'no score' : `score ${report?.score}`;
    rows.push([origin, `200 report, ${score} (${report?.score_label})`]);
  }
  const live = reports.get(LIVE_ORIGIN);
  rows.push([LIVE_ORIGIN, `200 live-shaped report, score ${live?.score} (${live?.score_label})`]);
  rows.push([
    RESCANNED_ORIGIN,
    `200 report, its second scan from the second lookup on, Cache-Control: ${RESCANNED_CACHE_CONTROL}`,
  ]);
  rows.push([UNSCANNED_ORIGIN, '404 no report stored']);
  for (const [origin, misbehaviour] of misbehaviours) {
    if (!fixtureOrigins.has(origin)) rows.push([origin, describeMisbehaviour(misbehaviour)]);
  }
  rows.push(['any other origin', '404 no report stored']);
  const width = Math.max(...rows.map(([origin]) => origin.length));
  return rows.map(([origin, answer]) => `  ${origin.padEnd(width)}  ${answer}`).join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const server = await startReferenceServer(options);
  const routes =
    server.dialect === 'live'
      ? `  ${server.baseUrl}/api/v1/report?url=<origin>   (live dialect)
  ${server.baseUrl}/api/report?url=<origin>      (deprecated alias)`
      : `  ${server.baseUrl}/api/report?url=<origin>`;
  process.stdout.write(`Reference server listening on ${server.baseUrl}

${routes}

${siteTable(server)}

Request log: ${server.baseUrl}/__requests
Build the extension against it: WXT_REPORT_API_BASE_URL=${server.baseUrl} npm run build
Press Ctrl+C to stop.
`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal means the user does not want to wait for open connections.
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the reference server\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Could not close cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(1);
});
