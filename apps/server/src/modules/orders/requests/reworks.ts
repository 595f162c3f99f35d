import {
  staffMessages,
  workspaceMessages,
  type ReworkCreateRequestSchema,
  type ReworkDetail,
  type ReworkList,
  type Rework,
  type StaffReworkAnswerRequestSchema,
  type WorkspaceFile,
} from '@cabinet/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../../db';
import type { DB, ReworksTable } from '../../../db/types';
import { HttpError, badRequest } from '../../../plugins/errors';
import { notFound, type OrdersContext } from '../context';
import { notifyCustomer } from '../event-mails';
import { earliestWishedDate, reworkEligibility } from '../guarantee';
import { customerActor, moveStatus, type Actor } from '../lifecycle';
import { lockOrder } from '../repo-lifecycle';
import { originalityBelowRequired } from '../originality';
import { heldFileRows, insertNextRework, markReworkAnswered, openReworkId, reworksOf } from './repo';
import { findRequest, openRequest, readRequest, requireOrder } from './service';
import { requireAction } from '../statuses';
import { workspaceFiles } from '../workspace/files';
import { addMessage, attachStaffFiles, threadMessages } from './threads';
import type { Face } from '../workspace/people';

/**
 * Reworks (spec §5): the customer sends the delivered work back with a comment (the order goes to
 * «Доработка»), the author answers with a final file (back to the customer's review). Each rework
 * is a thread; its first message is the customer's comment.
 */

type ReworkRow = Selectable<ReworksTable>;
type CreateInput = z.output<typeof ReworkCreateRequestSchema>;
type AnswerInput = z.output<typeof StaffReworkAnswerRequestSchema>;

const reworkNotFound = () => new HttpError(404, workspaceMessages.reworkNotFound);

function isNew(row: ReworkRow, face: Face): boolean {
  if (face === 'staff') return row.state === 'open';
  return (
    row.state === 'answered' &&
    row.answered_at !== null &&
    (row.customer_seen_at === null || row.customer_seen_at < row.answered_at)
  );
}

async function shape(
  db: Kysely<DB>,
  orderId: number,
  rows: ReworkRow[],
  face: Face,
): Promise<ReworkDetail[]> {
  const messages = await threadMessages(
    db,
    orderId,
    'rework',
    rows.map((r) => r.id),
    face,
  );
  const held = face === 'staff' ? await heldFiles(db, orderId, rows) : new Map<number, WorkspaceFile[]>();
  return rows.map((row) => {
    const thread = messages.get(row.id) ?? [];
    const answerFiles = held.get(row.id);
    return {
      ...(answerFiles ? { answer_files: answerFiles } : {}),
      id: row.id,
      number: row.number,
      state: row.state,
      comment: row.comment,
      wished_date: row.wished_date,
      files: thread.flatMap((m) => m.files),
      created_at: row.created_at,
      answered_at: row.answered_at,
      is_new: isNew(row, face),
      messages: thread,
    };
  });
}

/** The final files held for each open rework's answer (uploaded during it, not yet sent). */
async function heldFiles(
  db: Kysely<DB>,
  orderId: number,
  rows: ReworkRow[],
): Promise<Map<number, WorkspaceFile[]>> {
  const open = rows.filter((r) => r.state === 'open').map((r) => r.id);
  const byRework = new Map<number, WorkspaceFile[]>(open.map((id) => [id, []]));
  if (open.length === 0) return byRework;
  const files = await heldFileRows(db, orderId, open);
  for (const file of await workspaceFiles(db, orderId, 'staff', files)) {
    const reworkId = files.find((f) => f.id === file.id)?.rework_id;
    if (reworkId != null) byRework.get(reworkId)?.push(file);
  }
  return byRework;
}

/** An order's reworks, newest first, with whether one may be asked for now. Callers check access. */
export async function listReworks(
  ctx: OrdersContext,
  orderId: number,
  face: Face,
  now: Date = new Date(),
): Promise<ReworkList> {
  const order = await requireOrder(ctx.db, orderId);
  const rows = await reworksOf(ctx.db, orderId);
  const results: Rework[] = (await shape(ctx.db, orderId, rows, face)).map(({ messages: _, ...r }) => r);
  return {
    results,
    count: results.length,
    eligibility: reworkEligibility(
      order,
      rows.some((r) => r.state === 'open'),
      now,
      await originalityBelowRequired(ctx.db, orderId),
    ),
  };
}

/** One rework with its thread; the customer opening it sees the answer (no longer new). */
export async function getRework(
  ctx: OrdersContext,
  orderId: number,
  reworkId: number,
  face: Face,
): Promise<ReworkDetail> {
  const seen = await readRequest(ctx.db, 'rework', orderId, reworkId, face, reworkNotFound);
  const [detail] = await shape(ctx.db, orderId, [seen], face);
  return detail as ReworkDetail;
}

/**
 * The customer asks for a rework: allowed while checking the work, or within the guarantee after
 * accepting it, and never while another is open (409 with the eligibility's reason). The order
 * moves to «Доработка» in the same transaction; two requests at once leave one rework.
 */
export async function createRework(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  body: CreateInput,
  now: Date = new Date(),
): Promise<ReworkDetail> {
  if (body.wished_date != null && body.wished_date < earliestWishedDate(now)) {
    throw badRequest('wished_date', workspaceMessages.reworkDateTooEarly);
  }
  const at = now.toISOString();
  let number = 0;
  const reworkId = await openRequest(ctx, 'rework', userId, orderId, {
    text: body.comment,
    files: body.files,
    at,
    check: async (trx, order) => {
      const eligibility = reworkEligibility(
        order,
        (await openReworkId(trx, orderId)) !== null,
        now,
        await originalityBelowRequired(trx, orderId),
      );
      if (!eligibility.allowed)
        throw new HttpError(409, eligibility.reason ?? workspaceMessages.reworkAlreadyOpen);
    },
    insert: async (trx) => {
      const rework = await insertNextRework(trx, {
        order_id: orderId,
        comment: body.comment,
        wished_date: body.wished_date ?? null,
        created_at: at,
      });
      number = rework.number;
      return rework.id;
    },
    after: async (trx, order) => {
      const to = requireAction(
        order.status_id,
        'customer',
        'request_rework',
        {},
        workspaceMessages.reworkNotDelivered,
      );
      await moveStatus(trx, order, to, customerActor, { kind: 'rework_opened', data: { number }, at });
    },
  });
  await ctx.changed(orderId, ['reworks', 'status', 'timeline']);
  return getRework(ctx, orderId, reworkId, 'customer');
}

/**
 * The author (or a manager) answers an open rework with a text and at least one final file they
 * uploaded to the order and sent with no message yet: the rework is answered, the order goes back
 * to the customer's review, and the customer is mailed. The caller has checked the actor's access.
 */
export async function answerRework(
  ctx: OrdersContext,
  actor: Actor,
  orderId: number,
  reworkId: number,
  body: AnswerInput,
): Promise<ReworkDetail> {
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound();
    const rework = await findRequest(trx, 'rework', orderId, reworkId, reworkNotFound);
    if (rework.state !== 'open') throw new HttpError(409, staffMessages.reworkAnswered);
    const to = requireAction(order.status_id, actor.role, 'answer_rework');
    const messageId = await addMessage(trx, {
      orderId,
      thread: 'rework',
      threadId: reworkId,
      actor,
      text: body.text,
      at,
    });
    // The final files uploaded during the rework go with its answer, chosen or not (ADR 015).
    const held = (await heldFileRows(trx, orderId, [reworkId])).map((f) => f.id);
    const files = await attachStaffFiles(trx, orderId, [...body.files, ...held], messageId);
    if (!files.some((f) => f.kind === 'final')) throw badRequest('files', staffMessages.answerNeedsFinal);
    if (!(await markReworkAnswered(trx, reworkId, at)))
      throw new HttpError(409, staffMessages.reworkAnswered);
    await moveStatus(trx, order, to, actor, {
      kind: 'rework_answered',
      data: { number: rework.number },
      at,
    });
    await notifyCustomer(trx, ctx, orderId, 'rework_answered', { reworkNumber: rework.number });
  });
  await ctx.changed(orderId, ['reworks', 'status', 'files', 'timeline']);
  return getRework(ctx, orderId, reworkId, 'staff');
}
