// Test-only: a small stand-in for the workspace API behind `apiFetch`, and the workspace's routes.
import type {
  CareDetail,
  Order,
  ReworkDetail,
  ThreadMessage,
  TimelineEvent,
  WorkspaceFile,
} from '@cabinet/contract';
import type { ApiInit } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { workspaceOrder } from './test-fixtures';

export type Call = { method: string; path: string; body: unknown };

export function staffMessage(id: number, text: string, files: WorkspaceFile[] = []): ThreadMessage {
  return {
    id,
    author: { role: 'performer', name: 'Автор Иван' },
    text,
    files,
    created_at: '2026-11-22T09:00:00.000Z',
  };
}

export interface ServerState {
  order: Order;
  files: WorkspaceFile[];
  timeline: TimelineEvent[];
  reworks: ReworkDetail[];
  care: CareDetail[];
}

/** Answers like the server would, from `state`; `fail` makes one route refuse. */
export function fakeWorkspaceServer(initial: Partial<ServerState> = {}) {
  const state: ServerState = {
    order: workspaceOrder(7),
    files: [],
    timeline: [],
    reworks: [],
    care: [],
    ...initial,
  };
  const calls: Call[] = [];
  const failures = new Map<string, ApiError>();
  const base = `/api/client/orders/${state.order.id}/`;

  const handle = (path: string, init: ApiInit = {}): unknown => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body });
    const failure = failures.get(`${method} ${path}`);
    if (failure) throw failure;
    if (!path.startsWith(base)) throw ApiError.fromResponse(404, { detail: 'Не найдено' });
    const rest = path.slice(base.length);
    const route = `${method} ${rest}`;
    if (route === 'GET ') return state.order;
    if (route === 'GET files/') return state.files;
    if (route === 'GET timeline/') return { results: state.timeline };
    if (route === 'POST accept/') {
      state.order = { ...state.order, status: { id: 7, title: 'Выполнен' }, can_accept: false };
      return state.order;
    }
    let match = /^PATCH files\/(\d+)\/$/.exec(route);
    if (match) {
      const file = state.files.find((f) => f.id === Number(match?.[1]));
      if (!file) throw ApiError.fromResponse(404, { detail: 'Файл не найден' });
      file.is_reviewed = true;
      const unseen = state.files.filter((f) => !f.is_reviewed).length;
      state.order = { ...state.order, attention: { ...state.order.attention, files: unseen } };
      return file;
    }
    if (route === 'GET reworks/') {
      return {
        results: state.reworks.map(({ messages: _m, ...r }) => r),
        count: state.reworks.length,
        eligibility: state.order.rework,
      };
    }
    if (route === 'POST reworks/') {
      const body = init.body as { comment: string; wished_date: string | null; files: number[] };
      const rework: ReworkDetail = {
        id: 100 + state.reworks.length,
        number: state.reworks.length + 1,
        state: 'open',
        comment: body.comment,
        wished_date: body.wished_date,
        files: [],
        created_at: '2026-11-23T10:00:00.000Z',
        answered_at: null,
        is_new: false,
        messages: [],
      };
      state.reworks.push(rework);
      state.order = {
        ...state.order,
        status: { id: 6, title: 'Автор дорабатывает' },
        can_accept: false,
        rework: { allowed: false, reason: 'Доработка уже идёт: дождитесь ответа автора' },
      };
      return rework;
    }
    match = /^GET reworks\/(\d+)\/$/.exec(route);
    if (match) {
      const rework = state.reworks.find((r) => r.id === Number(match?.[1]));
      if (!rework) throw ApiError.fromResponse(404, { detail: 'Доработка не найдена' });
      rework.is_new = false;
      state.order = { ...state.order, attention: { ...state.order.attention, reworks: 0 } };
      return rework;
    }
    if (route === 'GET care/') {
      return { results: state.care.map(({ messages: _m, ...c }) => c), count: state.care.length };
    }
    if (route === 'POST care/') {
      const body = init.body as { kind: 'question' | 'complaint'; text: string; files: number[] };
      const care: CareDetail = {
        id: 200 + state.care.length,
        kind: body.kind,
        state: 'open',
        subject: body.text,
        created_at: '2026-11-23T10:00:00.000Z',
        updated_at: '2026-11-23T10:00:00.000Z',
        is_new: false,
        messages: [{ ...staffMessage(900, body.text), author: { role: 'customer', name: 'Вы' } }],
      };
      state.care.push(care);
      return care;
    }
    match = /^GET care\/(\d+)\/$/.exec(route);
    if (match) {
      const care = state.care.find((c) => c.id === Number(match?.[1]));
      if (!care) throw ApiError.fromResponse(404, { detail: 'Обращение не найдено' });
      care.is_new = false;
      state.order = { ...state.order, attention: { ...state.order.attention, care: 0 } };
      return care;
    }
    match = /^POST care\/(\d+)\/messages\/$/.exec(route);
    if (match) {
      const care = state.care.find((c) => c.id === Number(match?.[1]));
      if (!care) throw ApiError.fromResponse(404, { detail: 'Обращение не найдено' });
      const body = init.body as { text: string };
      care.messages.push({
        ...staffMessage(1000 + care.messages.length, body.text),
        author: { role: 'customer', name: 'Вы' },
      });
      care.state = 'open';
      return care;
    }
    throw ApiError.fromResponse(404, { detail: `Нет маршрута ${route}` });
  };

  return {
    state,
    calls,
    handle,
    /** The next calls of `METHOD path` fail with this error. */
    fail: (route: string, error: ApiError) => failures.set(route, error),
    heal: (route: string) => failures.delete(route),
    callsOf: (method: string, rest: string) =>
      calls.filter((c) => c.method === method && c.path === base + rest),
  };
}
