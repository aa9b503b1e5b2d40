import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { BUSINESS_DATE } from './business-date/business-date.port.js';
import { CLOCK } from './clock.js';
import { ManualBusinessDate } from './business-date/manual-business-date.js';
import { SystemBusinessDate } from './business-date/system-business-date.js';
import { APP_CONFIG } from './config/config.js';
import { DB } from './database/database.js';
import { READ_DB } from './database/read-database.js';
import { EVENT_STORE } from './event-store/event-store.port.js';
import { PostgresEventStore } from './event-store/postgres-event-store.js';
import { HealthController } from './health/health.controller.js';
import { Metrics } from './observability/metrics.js';
import { MetricsController, ScrapeCollectors } from './observability/metrics.controller.js';
import { ProblemDetailsFilter } from './http/problem.filter.js';
import { StorableTextPipe } from './http/storable-text.js';
import { ReadYourWritesInterceptor } from './http/read-your-writes.interceptor.js';
import { PendingRebuilds } from './projections/pending-rebuilds.js';
import { inlineProjector } from './projections/projection.js';
import { QUEUE_BACKEND } from './queue/queue-backend.js';
import { PlatformRegistry } from './registry.js';
import { RUNTIME, type Runtime } from './runtime.js';
import { DOCUMENT_STORAGE, type DocumentStorage } from './storage/document-storage.port.js';
import { PostgresDocumentStorage } from './storage/postgres-document-storage.js';
import { DiskDocumentStorage } from './storage/disk-document-storage.js';
import { S3DocumentStorage } from './storage/s3-document-storage.js';
import { WorkerHost } from './worker-host.js';

@Global()
@Module({})
export class PlatformModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    // Only with a replica: without one every read is on the primary and needs no position.
    const readYourWrites: Provider[] =
      runtime.readDb === runtime.db ? [] : [{ provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor }];
    return {
      module: PlatformModule,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: APP_CONFIG, useValue: runtime.config },
        { provide: DB, useValue: runtime.db },
        { provide: READ_DB, useValue: runtime.readDb },
        { provide: CLOCK, useValue: runtime.clock },
        { provide: QUEUE_BACKEND, useValue: runtime.queue },
        PlatformRegistry,
        PendingRebuilds,
        {
          provide: EVENT_STORE,
          inject: [PlatformRegistry],
          useFactory: (registry: PlatformRegistry) =>
            new PostgresEventStore(runtime.db, inlineProjector(registry.projections), {
              observeAppend: (s) => runtime.metrics.appendDuration.observe(s),
            }),
        },
        {
          // PostgreSQL by default; files under DATA_DIR/documents with STORAGE=disk; an S3-compatible bucket when
          // STORAGE_S3_BUCKET (or S3_BUCKET) is set (needs @aws-sdk/client-s3).
          provide: DOCUMENT_STORAGE,
          useFactory: (): Promise<DocumentStorage> | DocumentStorage => {
            const { s3, disk } = runtime.config.storage;
            if (s3) return S3DocumentStorage.create(s3);
            return disk ? new DiskDocumentStorage(disk.dir) : new PostgresDocumentStorage(runtime.db);
          },
        },
        {
          provide: BUSINESS_DATE,
          // Today in the business time zone comes from the same clock (read on each call, so a test's fixed clock holds).
          useFactory: () => {
            const now = () => runtime.clock.now();
            return runtime.config.businessDate.mode === 'manual'
              ? new ManualBusinessDate(runtime.db, runtime.config.businessDate.timeZone, now)
              : new SystemBusinessDate(runtime.config.businessDate.timeZone, now);
          },
        },
        WorkerHost,
        { provide: Metrics, useValue: runtime.metrics },
        ScrapeCollectors,
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        { provide: APP_PIPE, useClass: StorableTextPipe },
        ...readYourWrites,
      ],
      exports: [
        Metrics,
        RUNTIME,
        APP_CONFIG,
        DB,
        READ_DB,
        CLOCK,
        QUEUE_BACKEND,
        EVENT_STORE,
        DOCUMENT_STORAGE,
        BUSINESS_DATE,
        PlatformRegistry,
        WorkerHost,
      ],
    };
  }
}
