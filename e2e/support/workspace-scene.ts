import {
  call,
  customerToken,
  DEMO_CUSTOMER,
  MANAGER,
  moscowDay,
  PERFORMER,
  samplePdf,
  staffToken,
  upload,
} from './api';

export interface WorkspaceScene {
  orderId: number;
  reworkId: number;
  careId: number;
}

type Files = Array<{ id: number; name: string }>;
const filesOf = (answer: Files | { results: Files }): Files =>
  Array.isArray(answer) ? answer : answer.results;

/**
 * Something on every tab of a workspace, through the API as the people would do it: the demo
 * customer's order at work («Автор пишет работу», the first demo author on it) gets a file of the
 * customer's, an intermediate and a final file from the author, a rework answered with a second
 * final file, and a care question answered by the manager. It ends «Проверьте работу», with new
 * files, a new rework answer and a new care answer waiting for the customer.
 */
export async function buildWorkspaceScene(base: string): Promise<WorkspaceScene> {
  const customer = await customerToken(base, DEMO_CUSTOMER);
  const author = await staffToken(base, PERFORMER);
  const manager = await staffToken(base, MANAGER);

  const list = await call<{ results: Array<{ id: number; status: { id: number } }> }>(
    base,
    customer,
    'GET',
    '/api/client/orders/?tab=active',
  );
  const orderId = list.results.find((o) => o.status.id === 4)?.id;
  if (!orderId) throw new Error('the demo customer has no order at work (status 4)');
  const staffFiles = `/api/staff/orders/${orderId}/files/`;
  const clientOrder = `/api/client/orders/${orderId}`;

  await upload(base, customer, `${clientOrder}/files/`, [
    { name: 'Методичка кафедры.pdf', mimeType: 'application/pdf', buffer: samplePdf('guide') },
  ]);
  await upload(base, author, `${staffFiles}?kind=intermediate`, [
    { name: 'План работы.pdf', mimeType: 'application/pdf', buffer: samplePdf('plan') },
  ]);
  await upload(base, author, `${staffFiles}?kind=final`, [
    { name: 'Дипломная работа.pdf', mimeType: 'application/pdf', buffer: samplePdf('final 1') },
  ]);

  const rework = await call<{ id: number }>(base, customer, 'POST', `${clientOrder}/reworks/`, {
    comment: 'Во второй главе не хватает расчётов оборачиваемости запасов.',
    wished_date: moscowDay(5),
  });
  const corrected = filesOf(
    await upload<Files | { results: Files }>(base, author, `${staffFiles}?kind=final`, [
      {
        name: 'Дипломная работа, исправленная.pdf',
        mimeType: 'application/pdf',
        buffer: samplePdf('final 2'),
      },
    ]),
  );
  await call(base, author, 'POST', `/api/staff/orders/${orderId}/reworks/${rework.id}/answer/`, {
    text: 'Добавил расчёты в раздел 2.3, таблицы 5–7.',
    files: corrected.map((f) => f.id),
  });

  const care = await call<{ id: number }>(base, customer, 'POST', `${clientOrder}/care/`, {
    kind: 'question',
    text: 'Можно ли получить презентацию к защите по этой работе?',
  });
  await call(base, manager, 'POST', `/api/staff/orders/${orderId}/care/${care.id}/messages/`, {
    text: 'Да, оформите отдельный заказ на презентацию — автор тот же.',
    close: false,
  });
  return { orderId, reworkId: rework.id, careId: care.id };
}
