import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { catalogueChannel } from '@campus/shared/server/catalogue/sync';
import { loadConfigOrExit, type TServerConfig } from '@campus/shared/server/config';
import { DataDirBusyError, lockDataDir } from '@campus/shared/server/data-dir-lock';
import { openDatabase } from '@campus/shared/server/db/client';
import { createLogger } from '@campus/shared/server/logger';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { apiAdaptersFromConfig } from '../adapters';
import { readAuthExport } from './auth-export';
import { ImportStop } from './import-errors';
import { progressOn } from './progress';
import { newReport, reportSucceeded, reportText } from './report';
import { runImport } from './run-import';
import { FirebaseSource, ZFirebaseWebConfig } from './source';

// `npm run import:firebase`: brings a Firebase deployment over (decision 016; README 'Bringing a
// Firebase deployment over'). Exit status 0: done; 1: a university failed (the report says which;
// run again); 2: stopped before writing anything.

const USAGE = `Usage: npm run import:firebase -- --config firebase-config.json --email ADMIN_EMAIL [options]

  --config FILE          the Firebase web config (apiKey, projectId, authDomain) as JSON;
                         or set FIREBASE_CONFIG to that JSON
  --email ADDRESS        a superAdmin of that deployment (or FIREBASE_IMPORT_EMAIL); the password
                         comes from FIREBASE_IMPORT_PASSWORD or a prompt, never an argument
  --dry-run              read everything and report what would change; write nothing
  --prune                remove here what an earlier run imported and Firebase no longer has
  --rehost               copy every photo into our image store (the same checks as an upload)
  --auth-export FILE     accounts of \`firebase auth:export FILE --format=json\`: old passwords work
  --hash-parameters FILE the project's password hash parameters (needed with --auth-export)
  --report FILE          where the JSON report goes (default firebase-import-report.json)
`;

function options(argv: string[]) {
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new ImportStop(
      'The password is never an argument (it would stay in the shell history): set FIREBASE_IMPORT_PASSWORD or type it at the prompt.',
    );
  }
  try {
    return parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        email: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        prune: { type: 'boolean', default: false },
        rehost: { type: 'boolean', default: false },
        'auth-export': { type: 'string' },
        'hash-parameters': { type: 'string' },
        report: { type: 'string', default: 'firebase-import-report.json' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new ImportStop(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function webConfig(file: string | undefined) {
  const text = file ? await readFile(file, 'utf8').catch(() => null) : process.env.FIREBASE_CONFIG;
  if (text === null) throw new ImportStop(`Cannot read the Firebase config file ${file}.`);
  if (!text) throw new ImportStop(`Give the Firebase web config with --config FILE.\n\n${USAGE}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportStop(
      `The Firebase config is not JSON. Copy the firebaseConfig object of the deployment's web app (apiKey, authDomain, projectId) as JSON.`,
    );
  }
  const parsed = ZFirebaseWebConfig.safeParse(json);
  if (!parsed.success) {
    throw new ImportStop(
      `The Firebase config is not usable: ${parsed.error.issues.map((i) => i.message).join('; ')}.`,
    );
  }
  return parsed.data;
}

async function password(): Promise<string> {
  const fromEnv = process.env.FIREBASE_IMPORT_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new ImportStop('Set FIREBASE_IMPORT_PASSWORD, or run this on a terminal to be asked.');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Typed characters are not echoed.
  (prompt as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  process.stderr.write('Password of the Firebase superAdmin: ');
  const answer = await new Promise<string>((done) => prompt.question('', done));
  prompt.close();
  process.stderr.write('\n');
  return answer;
}

/** Tells running api replicas to drop their catalogue caches (they listen on Redis). */
async function announceCatalogueChange(
  config: TServerConfig,
  log: ReturnType<typeof createLogger>,
) {
  if (!config.REDIS_URL) {
    process.stdout.write('If CampusBucket is running, restart it so that it shows the import.\n');
    return;
  }
  const redis = await openCheckedRedis(config.REDIS_URL, 'producer', log);
  try {
    const message = { origin: 'firebase-import', scope: { kind: 'all' } };
    await redis.publish(catalogueChannel(config.QUEUE_PREFIX), JSON.stringify(message));
  } finally {
    await closeRedis(redis);
  }
}

async function main(): Promise<number> {
  const args = options(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfigOrExit();
  const log = createLogger({ level: 'warn', service: 'firebase-import' });
  const firebase = await webConfig(args.config);
  const email = args.email ?? process.env.FIREBASE_IMPORT_EMAIL;
  if (!email) throw new ImportStop(`Give a superAdmin's e-mail with --email.\n\n${USAGE}`);
  if (args['auth-export'] && !args['hash-parameters']) {
    throw new ImportStop(
      "--auth-export needs --hash-parameters FILE: the project's password hash parameters (Firebase console: Authentication > Users > Password hash parameters).",
    );
  }
  const authExport = args['auth-export']
    ? await readAuthExport(args['auth-export'], args['hash-parameters'] ?? '')
    : undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    // The database first: opening it takes a while, and reading Firebase follows without a pause.
    if (!config.DATABASE_URL) {
      cleanups.push(
        await lockDataDir(config.DATA_DIR).catch((error: unknown) => {
          if (!(error instanceof DataDirBusyError)) throw error;
          throw new ImportStop(
            `${error.message} The embedded database serves one process: stop npm start, import, then start it again.`,
          );
        }),
      );
    }
    const database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dir: resolve(config.DATA_DIR, 'pg') },
      log,
    );
    cleanups.push(database.close);
    const source = await FirebaseSource.open(
      firebase,
      { email, password: await password() },
      {
        firestore: process.env.FIRESTORE_EMULATOR_HOST,
        auth: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      },
    );
    cleanups.push(() => source.close());
    const { images } = apiAdaptersFromConfig(config, database.db);
    const report = newReport({
      projectId: firebase.projectId,
      dryRun: args['dry-run'],
      prune: args.prune,
      rehost: args.rehost,
    });
    await runImport(
      database.db,
      source,
      {
        dryRun: args['dry-run'],
        prune: args.prune,
        authExport,
        photos: { images, rehost: args.rehost },
      },
      report,
      progressOn(process.stderr),
    );
    process.stdout.write(reportText(report));
    await writeFile(args.report, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`The report is also in ${args.report}.\n`);
    if (!args['dry-run']) await announceCatalogueChange(config, log);
    return reportSucceeded(report) ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ImportStop) {
      process.stderr.write(`\n${error.message}\nNothing was written.\n`);
      process.exit(2);
    }
    process.stderr.write(
      `\nThe import stopped: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(2);
  },
);
