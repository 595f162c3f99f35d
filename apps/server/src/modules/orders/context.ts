import { earliestDeadline, orderMessages, type OrderEventKind } from '@cabinet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { HttpError, badRequest } from '../../plugins/errors';
import type { Mailer } from '../../plugins/mailer';
import type { Storage } from '../../plugins/storage';
import { changesLoggedTo, type OrderChanges } from '../chat';
import type { ListPageReader } from './repo-list';
import * as repo from './repo';
import type { ListReads, ReferenceTitles } from './repo';

export interface OrdersDeps {
  db: Kysely<DB>;
  /** Reads the version of a customer's orders without Kysely (SQLite's reader connection). */
  listVersion?: (userId: number) => number | undefined;
  /** Reads what a page of the list shows without Kysely, in one snapshot (SQLite's reader). */
  listReader?: (userId: number, statusIds: readonly number[], limit: number, offset: number) => ListReads;
  /** Reads a page of the list's read model as JSON bytes, in one snapshot (SQLite's reader). */
  listPageReader?: ListPageReader;
  storage: Storage;
  /** Tells the order's sockets what changed (ADR 026); tests that build the service without it tell nobody. */
  events?: OrderChanges;
  /** Queues the order-placed mail; tests that build the service without it place no orders. */
  mailer?: Pick<Mailer, 'send'>;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'UPLOAD_MAX_FILE_MB'
    | 'UPLOAD_MAX_ORDER_MB'
    | 'UPLOAD_SWEEP_AFTER_HOURS'
    | 'GUARANTEE_DAYS'
  >;
}

/** What every part of the orders module shares: its dependencies and the reference titles. */
export class OrdersContext {
  constructor(
    readonly deps: OrdersDeps,
    /** The reference titles, loaded once and shared with every {@link withLog} of this context. */
    private readonly cache: { referenceTitles: Promise<ReferenceTitles> | null } = { referenceTitles: null },
  ) {}

  get db(): Kysely<DB> {
    return this.deps.db;
  }

  /**
   * This context for one request: what goes wrong on the way (an order event not sent) is logged
   * to the request's logger, with its id (ADR 034). Routes that change orders pass this on.
   */
  withLog(log: FastifyBaseLogger): OrdersContext {
    const { events } = this.deps;
    return events
      ? new OrdersContext({ ...this.deps, events: changesLoggedTo(events, log) }, this.cache)
      : this;
  }

  /**
   * The one way the orders module tells an order's customer, author and managers that it changed
   * (an `order` frame, ADR 026). Call after the transaction has committed; never throws.
   */
  changed(
    orderId: number,
    kinds: readonly OrderEventKind[],
    opts?: { formerAuthor?: number | null },
  ): Promise<void> {
    return this.deps.events?.changed(orderId, kinds, opts) ?? Promise.resolve();
  }

  /** Loaded once: reference lists change only with a migration, that is with a restart. */
  titles(db: Kysely<DB> = this.db): Promise<ReferenceTitles> {
    // Inside a transaction the first load must go through it: SQLite has one connection.
    this.cache.referenceTitles ??= repo.referenceTitles(db).catch((err: unknown) => {
      this.cache.referenceTitles = null;
      throw err;
    });
    return this.cache.referenceTitles;
  }
}

export const notFound = () => new HttpError(404, orderMessages.orderNotFound);
export const draftNotFound = () => new HttpError(404, orderMessages.draftNotFound);
export const fileNotFound = () => new HttpError(404, orderMessages.fileNotFound);

export function requireDeadline(deadline: string, now: Date): void {
  if (deadline < earliestDeadline(now)) throw badRequest('deadline', orderMessages.deadlineTooEarly);
}

/** Every reference an order or a draft names must exist: 400 on the first that does not. */
export async function checkRefs(
  db: Kysely<DB>,
  body: {
    work_type_id?: number | null | undefined;
    subject_id?: number | null | undefined;
    university_id?: number | null | undefined;
    verification_system_id?: number | null | undefined;
  },
): Promise<void> {
  const checks = [
    ['work_type_id', 'work_types', orderMessages.unknownWorkType],
    ['subject_id', 'subjects', orderMessages.unknownSubject],
    ['university_id', 'universities', orderMessages.unknownUniversity],
    ['verification_system_id', 'verification_systems', orderMessages.unknownVerificationSystem],
  ] as const;
  for (const [field, table, message] of checks) {
    const id = body[field];
    if (id != null && !(await repo.exists(db, table, id))) throw badRequest(field, message);
  }
}
