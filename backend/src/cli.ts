import 'reflect-metadata';
import { availableParallelism } from 'node:os';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { BusinessDayClose } from './lending/public/index.js';
import { rebuildProjections } from './platform/projections/rebuild.js';
import { verifyProjections } from './platform/projections/verify.js';
import { PlatformRegistry } from './platform/registry.js';
import { createRuntime, type Runtime } from './platform/runtime.js';

const USAGE = `Usage: npm run cli -- <command>
  migrate               apply database migrations
  projections:rebuild [--workers N]
                        replay the whole event log into fresh read models and swap them in (N partitions of the
                        log side by side, a worker thread each; default: the machine's cores)
  projections:verify [--workers N]
                        rebuild into scratch tables and compare with the live ones (exit 1 on any difference)
  close-of-business [--date YYYY-MM-DD]
                        age every active loan through the date (default: the business date), catching up missed days`;

async function projections(runtime: Runtime) {
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['error'] });
  const list = [...app.get(PlatformRegistry).projections];
  await app.close();
  return list;
}

async function closeOfBusiness(runtime: Runtime, args: string[]): Promise<number> {
  const dateAt = args.indexOf('--date');
  const date = dateAt === -1 ? undefined : args[dateAt + 1];
  if (dateAt !== -1 && date === undefined) {
    console.error(`--date needs a value (YYYY-MM-DD).\n${USAGE}`);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['error'] });
  try {
    const result = await app.get(BusinessDayClose).closeThrough(date);
    console.log(
      `Close of business for ${result.date}: ${result.loansProcessed} loan(s) aged, ${result.loansVisited} with something to record, ${result.eventsAppended} event(s) appended.`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

/** `--workers N` (default: the machine's cores); undefined when N is not a whole number from 1 to 64. */
function workersOf(args: string[]): number | undefined {
  const at = args.indexOf('--workers');
  if (at === -1) return availableParallelism();
  const n = Number(args[at + 1]);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : undefined;
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!['migrate', 'projections:rebuild', 'projections:verify', 'close-of-business'].includes(command)) {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  // A rebuild or a verify of a large log runs statements longer than the API's limit (an index build over a million
  // rows): the operator's batch commands run without DATABASE_STATEMENT_TIMEOUT_MS.
  const config = loadConfig();
  const batch = command.startsWith('projections:') ? { ...config, databaseStatementTimeoutMs: 0 } : config;
  const runtime = await createRuntime(batch, (line) => console.log(line));
  try {
    if (command === 'migrate') {
      console.log('Database is at the latest migration.');
      return 0;
    }
    if (command === 'close-of-business') return await closeOfBusiness(runtime, argv.slice(1));
    const list = await projections(runtime);
    const workers = workersOf(argv.slice(1));
    if (workers === undefined) {
      console.error(`--workers needs a whole number from 1 to 64.\n${USAGE}`);
      return 2;
    }
    const parallel = { workers, databaseUrl: config.databaseUrl };
    if (command === 'projections:rebuild') {
      let reported = 0;
      const report = await rebuildProjections(runtime.db, list, {
        ...parallel,
        onProgress: (n) => n - reported >= 100_000 && console.log(`  ${(reported = n)} events replayed`),
      });
      console.log(
        `Rebuilt ${report.tables.join(', ')} from ${report.events} events in ${report.batches} batches (${report.milliseconds} ms).`,
      );
      return 0;
    }
    const report = await verifyProjections(runtime.db, list, parallel);
    if (report.differences.length === 0) {
      console.log(`Projections verified: ${report.tables.join(', ')} match a rebuild from ${report.events} events.`);
      return 0;
    }
    for (const d of report.differences) {
      console.error(`DIFFERENCE in ${d.table}: ${d.onlyInLive} row(s) only in live, ${d.onlyInRebuild} only in the rebuild`);
      for (const row of d.examples.live) console.error(`  only in live:        ${JSON.stringify(row)}`);
      for (const row of d.examples.rebuild) console.error(`  only in the rebuild: ${JSON.stringify(row)}`);
    }
    return 1;
  } finally {
    await runtime.close();
  }
}

/** Any failure, also one thrown from a library's callback while a command runs, is one sentence and exit code 1. */
function failWithOneSentence(failure: unknown): never {
  const error = failure instanceof Error ? failure : new Error(String(failure));
  const message = error.message.replace(/\s+/g, ' ').trim();
  console.error(error instanceof ConfigError || /^Cannot /.test(message) ? message : `Failed: ${message}`);
  process.exit(1);
}
process.on('uncaughtException', failWithOneSentence);
process.on('unhandledRejection', failWithOneSentence);

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch(failWithOneSentence);
