import { api, ProfileSchema, titlePageMessages, type Profile } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Typing a name and a topic letter by letter takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
import { renderRoute } from '../../ui/test-utils';
import type { TitlePageOrder } from '../model';
import { TitlePageButton } from './title-page-button';

const profile: Profile = ProfileSchema.parse({
  id: 1,
  fio: 'Иванова Мария Сергеевна',
  birthday: null,
  email: 'maria@example.com',
  sex: 'female',
  phone: '+79990000000',
  education: [],
  university: 'Казанский федеральный университет',
  course: '3',
  group_header: 'ЭФ-21-03',
  training_form: [],
  is_telegram_contact: false,
  is_viber_contact: false,
  is_whatsapp_contact: false,
  telegram: '',
  sms_delivery: false,
  email_delivery: true,
  unisender_status: { id: 0, title: 'Не подписан на рассылку' },
  diplom_half_price: { id: 0 },
  diplom_hp_popup: false,
});

const order: TitlePageOrder = {
  details: {
    work_type: { id: 2, title: 'Курсовая работа' },
    subject: { id: 5, title: 'Финансовый менеджмент' },
    topic: 'Анализ финансовой устойчивости предприятия',
    university: { id: 9, title: 'Другой вуз из заказа' },
  },
};

type Call = { method: string; path: string; body: unknown };

/** A stand-in for the server behind `fetch`: the profile, and the title page (or its refusal). */
function fakeServer(opts: { refuse?: Record<string, string[]> } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'GET' && path === api.profile.root) return json(200, profile);
    if (method === 'POST' && path === api.content.titlePage) {
      if (opts.refuse) {
        return json(400, { detail: Object.values(opts.refuse)[0]?.[0], errors: opts.refuse });
      }
      const format = (body as { format: string }).format;
      return new Response(format === 'pdf' ? '%PDF-1.7 fake' : 'PK fake', {
        status: 200,
        headers: { 'content-type': format === 'pdf' ? 'application/pdf' : 'application/octet-stream' },
      });
    }
    return json(404, { detail: 'Не найдено' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

let downloads: string[];
beforeEach(() => {
  downloads = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(withOrder: boolean) {
  const user = userEvent.setup();
  renderRoute(<TitlePageButton order={withOrder ? order : undefined} />);
  await user.click(screen.getByRole('button', { name: 'Титульный лист' }));
  const dialog = await screen.findByRole('dialog', { name: 'Титульный лист' });
  // The profile arrives after the dialog opens.
  await waitFor(() => expect(within(dialog).getByLabelText(/ФИО студента/)).toHaveValue(profile.fio));
  return { user, dialog };
}

describe('TitlePageDialog', () => {
  it('pre-fills from the profile and the order, and sends the fields for a DOCX download', async () => {
    const server = fakeServer();
    const { user, dialog } = await open(true);
    const d = within(dialog);
    expect(d.getByLabelText(/^Вуз/)).toHaveValue(profile.university);
    expect(d.getByLabelText(/^Группа/)).toHaveValue('ЭФ-21-03');
    expect(d.getByLabelText(/^Тип работы/)).toHaveValue('Курсовая работа');
    expect(d.getByLabelText(/^Дисциплина/)).toHaveValue('Финансовый менеджмент');
    expect(d.getByLabelText(/^Тема/)).toHaveValue(order.details.topic);
    expect(d.getByLabelText(/^Город/)).toHaveValue('Москва');
    expect(d.getByLabelText(/^Год/)).toHaveValue(String(new Date().getFullYear()));

    await user.type(d.getByLabelText(/^Руководитель/), 'Петров Пётр Петрович');
    await user.clear(d.getByLabelText(/^Год/));
    await user.type(d.getByLabelText(/^Год/), '2026');
    await user.click(d.getByRole('button', { name: 'Скачать DOCX' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(server.posts()).toEqual([
      {
        method: 'POST',
        path: api.content.titlePage,
        body: {
          format: 'docx',
          university: profile.university,
          work_type: 'Курсовая работа',
          subject: 'Финансовый менеджмент',
          topic: order.details.topic,
          student_name: profile.fio,
          group: 'ЭФ-21-03',
          supervisor: 'Петров Пётр Петрович',
          city: 'Москва',
          year: 2026,
        },
      },
    ]);
    expect(downloads[0]).toBe(`Титульный лист — ${order.details.topic}.docx`);
  });

  it('without an order takes only the profile, and shows the PDF preview in the page', async () => {
    const server = fakeServer();
    const { user, dialog } = await open(false);
    const d = within(dialog);
    expect(d.getByLabelText(/^Тип работы/)).toHaveValue('');
    expect(d.getByLabelText(/^Тема/)).toHaveValue('');
    await user.type(d.getByLabelText(/^Тип работы/), 'Реферат');
    await user.type(d.getByLabelText(/^Тема/), 'История учёта');
    await user.click(d.getByRole('button', { name: 'Предпросмотр' }));

    const frame = await d.findByTitle('Предпросмотр титульного листа');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(downloads).toEqual([]);
    const [post] = server.posts();
    expect(post?.body).toMatchObject({ format: 'pdf', work_type: 'Реферат', topic: 'История учёта' });
    expect(post?.body).not.toHaveProperty('subject');
  });

  it('checks the fields before sending, and shows the server’s field errors next to the fields', async () => {
    const server = fakeServer({ refuse: { topic: ['Тема уже занята'] } });
    const { user, dialog } = await open(false);
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Скачать PDF' }));
    expect(await d.findAllByText(titlePageMessages.required)).not.toHaveLength(0);
    expect(server.posts()).toEqual([]);

    await user.type(d.getByLabelText(/^Тип работы/), 'Эссе');
    await user.type(d.getByLabelText(/^Тема/), 'Свобода');
    await user.click(d.getByRole('button', { name: 'Скачать PDF' }));
    expect(await d.findAllByText('Тема уже занята')).not.toHaveLength(0);
    expect(d.getByLabelText(/^Тема/)).toHaveAttribute('aria-invalid', 'true');
    expect(downloads).toEqual([]);
  });
});
