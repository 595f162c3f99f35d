import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './index';
import * as m001 from './migrations/001-auth';
import * as m002 from './migrations/002-reference';
import * as m003 from './migrations/003-orders';
import * as m004 from './migrations/004-order-counts';
import * as m005 from './migrations/005-order-list-versions';
import * as m006 from './migrations/006-email-confirmation';
import * as m007 from './migrations/007-mail-queue';
import * as m008 from './migrations/008-order-workspace';
import * as m009 from './migrations/009-order-list-read';
import * as m010 from './migrations/010-staff-refresh-successor';
import * as m011 from './migrations/011-chat';
import * as m012 from './migrations/012-payments';
import * as m013 from './migrations/013-profile';
import * as m014 from './migrations/014-avatars';
import * as m015 from './migrations/015-content';
import * as m016 from './migrations/016-certificates';
import * as m017 from './migrations/017-referrals';
import * as m018 from './migrations/018-attribution';
import * as m019avatars from './migrations/019-avatar-objects';
import * as m020phones from './migrations/020-phones-e164';
import * as m021 from './migrations/021-password-mailed';
import * as m023 from './migrations/023-order-discounts';
import * as m024 from './migrations/024-author-assigned-status';
import * as m025 from './migrations/025-author-reviews';
import * as m026 from './migrations/026-push';
import * as m027 from './migrations/027-originality-report';
import * as m028 from './migrations/028-telegram';

const migrations: Record<string, Migration> = {
  '001-auth': m001,
  '002-reference': m002,
  '003-orders': m003,
  '004-order-counts': m004,
  '005-order-list-versions': m005,
  '006-email-confirmation': m006,
  '007-mail-queue': m007,
  '008-order-workspace': m008,
  '009-order-list-read': m009,
  '010-staff-refresh-successor': m010,
  '011-chat': m011,
  '012-payments': m012,
  '013-profile': m013,
  '014-avatars': m014,
  '015-content': m015,
  '016-certificates': m016,
  '017-referrals': m017,
  '018-attribution': m018,
  '019-avatar-objects': m019avatars,
  '020-phones-e164': m020phones,
  '021-password-mailed': m021,
  '023-order-discounts': m023,
  '024-author-assigned-status': m024,
  '025-author-reviews': m025,
  '026-push': m026,
  '027-originality-report': m027,
  '028-telegram': m028,
};

class InCodeProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: new InCodeProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
