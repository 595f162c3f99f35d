import {
  workspaceMessages,
  type CareCreateRequestSchema,
  type CareDetail,
  type CareList,
  type CareRequest,
  type StaffCareList,
  type ThreadPostRequestSchema,
} from '@cabinet/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../../db';
import type { CareRequestsTable } from '../../../db/types';
import { HttpError } from '../../../plugins/errors';
import { notFound, type OrdersContext } from '../context';
import { notifyCustomer } from '../event-mails';
import { customerActor, recordEvent, type Actor } from '../lifecycle';
import { lockOrder } from '../repo-lifecycle';
import { careQueuePage, careRequestsOf, insertCareRequest, lastStaffAnswers, setCareState } from './repo';
import { findRequest, openRequest, readRequest, requireOrder } from './service';
import { addMessage, attachCustomerFiles, attachStaffFiles, threadMessages } from './threads';
import { requireOpen } from '../workspace/files';
import { firstName, type Face } from '../workspace/people';
import { lockCustomer } from '../../ledger';
import { notifyCareAnswered } from '../../notifications';

/**
 * Quality care (spec §5): the customer's questions and complaints about an order, answered by a
 * manager. A request is open until answered; the customer writing again opens it again; a manager
 * may close it with the answer, after which it takes no more messages.
 */

type CareRow = Selectable<CareRequestsTable>;
type CreateInput = z.output<typeof CareCreateRequestSchema>;
type PostInput = z.output<typeof ThreadPostRequestSchema>;

const careNotFound = () => new HttpError(404, workspaceMessages.careNotFound);
const SUBJECT_MAX = 120;

function subjectOf(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

function toCare(row: CareRow, face: Face, lastAnswer: string | undefined): CareRequest {
  const isNew =
    face === 'staff'
      ? row.state === 'open'
      : lastAnswer !== undefined && (row.customer_seen_at === null || row.customer_seen_at < lastAnswer);
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    subject: row.subject,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_new: isNew,
  };
}

/** An order's care requests, newest first. Callers check access. */
export async function listCare(ctx: OrdersContext, orderId: number, face: Face): Promise<CareList> {
  await requireOrder(ctx.db, orderId);
  const rows = await careRequestsOf(ctx.db, orderId);
  const answers = await lastStaffAnswers(
    ctx.db,
    rows.map((r) => r.id),
  );
  const results = rows.map((r) => toCare(r, face, answers.get(r.id)));
  return { results, count: results.length };
}

/** One request with its thread; the customer opening it has seen the answers. */
export async function getCare(
  ctx: OrdersContext,
  orderId: number,
  careId: number,
  face: Face,
): Promise<CareDetail> {
  const seen = await readRequest(ctx.db, 'care', orderId, careId, face, careNotFound);
  const answers = await lastStaffAnswers(ctx.db, [careId]);
  const messages = await threadMessages(ctx.db, orderId, 'care', [careId], face);
  return { ...toCare(seen, face, answers.get(careId)), messages: messages.get(careId) ?? [] };
}

/** The customer opens a request (a question or a complaint) with a text and pending uploads. */
export async function createCare(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  body: CreateInput,
): Promise<CareDetail> {
  const at = nowIso();
  const careId = await openRequest(ctx, 'care', userId, orderId, {
    text: body.text,
    files: body.files,
    at,
    check: async (_trx, order) => requireOpen(order),
    insert: (trx) =>
      insertCareRequest(trx, {
        order_id: orderId,
        kind: body.kind,
        subject: subjectOf(body.text),
        created_at: at,
        updated_at: at,
      }),
    after: (trx, _order, id) =>
      recordEvent(trx, orderId, 'care_opened', customerActor, { care_id: id, kind: body.kind }, at),
  });
  await ctx.changed(orderId, ['care', 'timeline']);
  return getCare(ctx, orderId, careId, 'customer');
}

/**
 * A message in a request: the customer's (the request is open again; pending uploads as files) or
 * a manager's answer (answered, or closed with `close`; staff files of the order; the customer is
 * mailed). A closed request takes no more (409). The caller has checked the actor's access.
 */
export async function postCareMessage(
  ctx: OrdersContext,
  actor: Actor,
  orderId: number,
  careId: number,
  body: PostInput,
  options: { close?: boolean; userId?: number } = {},
): Promise<CareDetail> {
  const at = nowIso();
  const fromCustomer = actor.role === 'customer';
  await ctx.db.transaction().execute(async (trx) => {
    if (fromCustomer && options.userId !== undefined) await lockCustomer(trx, options.userId);
    const order = await lockOrder(trx, orderId);
    if (!order || (fromCustomer && order.user_id !== options.userId)) throw notFound();
    const care = await findRequest(trx, 'care', orderId, careId, careNotFound);
    if (care.state === 'closed') throw new HttpError(409, workspaceMessages.careClosed);
    const messageId = await addMessage(trx, {
      orderId,
      thread: 'care',
      threadId: careId,
      actor,
      text: body.text,
      at,
    });
    const state = fromCustomer ? 'open' : options.close ? 'closed' : 'answered';
    // Written only while still not closed: a close that won the race leaves this message refused.
    if (!(await setCareState(trx, careId, state, at))) throw new HttpError(409, workspaceMessages.careClosed);
    if (fromCustomer) {
      await attachCustomerFiles(ctx, trx, order.user_id, order, body.files, messageId);
    } else {
      await attachStaffFiles(trx, orderId, body.files, messageId);
      await recordEvent(
        trx,
        orderId,
        'care_answered',
        actor,
        { care_id: careId, closed: state === 'closed' },
        at,
      );
      await notifyCustomer(trx, ctx, orderId, 'care_answered', { closed: state === 'closed' });
      await notifyCareAnswered(trx, orderId, state === 'closed');
    }
  });
  await ctx.changed(orderId, ['care', 'timeline']);
  return getCare(ctx, orderId, careId, fromCustomer ? 'customer' : 'staff');
}

/** The managers' queue of care requests of every order, the longest waiting first. */
export async function careQueue(
  ctx: OrdersContext,
  q: { state?: 'open' | 'answered' | 'closed' | undefined; page: number; pageSize: number },
): Promise<StaffCareList> {
  const { rows, total } = await careQueuePage(ctx.db, q);
  return {
    results: rows.map((r) => ({
      id: r.id,
      order_id: r.order_id,
      kind: r.kind,
      state: r.state,
      subject: r.subject,
      customer_name: r.fio.trim() || firstName(''),
      updated_at: r.updated_at,
    })),
    count: total,
  };
}
