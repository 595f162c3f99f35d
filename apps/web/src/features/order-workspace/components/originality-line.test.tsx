import type { OriginalityReport } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { workspaceFile, workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer } from '../test-server';
import { WorkspaceHeader } from './workspace-header';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const report = (over: Partial<OriginalityReport> = {}): OriginalityReport => ({
  percent: 84,
  required: 75,
  system: { id: 2, name: 'Антиплагиат.ВУЗ' },
  file_id: 31,
  uploaded_at: '2026-11-27T10:00:00.000Z',
  below_required: false,
  ...over,
});
const below = report({ percent: 62, below_required: true });
const reportFile = workspaceFile(31, 'report', { name: 'Отчёт Антиплагиат.pdf' });

function serve(server: ReturnType<typeof fakeWorkspaceServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

/** The structural axe rules; contrast is the browser scan's, and `region` the cabinet layout's. */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('the originality line of the order header', () => {
  it('says nothing until a report is attached', async () => {
    serve(fakeWorkspaceServer());
    renderWorkspace('/order/7/chat');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('region', { name: 'Проверка на оригинальность' })).toBeNull();
  });

  it('shows the percentage by the checking system against the requirement, met', async () => {
    serve(fakeWorkspaceServer({ order: workspaceOrder(7, { originality_report: report() }) }));
    renderWorkspace('/order/7/chat');
    const line = await screen.findByRole('region', { name: 'Проверка на оригинальность' });
    expect(plain(line.textContent)).toContain('Оригинальность 84 % по Антиплагиат.ВУЗ (требуется 75 %)');
    expect(within(line).getByText('Требование выполнено')).toBeInTheDocument();
    expect(within(line).queryByText('Ниже требуемой')).toBeNull();
    expect(within(line).queryByRole('link', { name: 'Бесплатная доработка' })).toBeNull();
  });

  it('names no system when the order names none', async () => {
    serve(
      fakeWorkspaceServer({ order: workspaceOrder(7, { originality_report: report({ system: null }) }) }),
    );
    renderWorkspace('/order/7/chat');
    const line = await screen.findByRole('region', { name: 'Проверка на оригинальность' });
    expect(plain(line.textContent)).toContain('Оригинальность 84 % (требуется 75 %)');
  });

  it('marks a report below the requirement in words and offers the free rework at once', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          status: { id: 7, title: 'Выполнен' },
          can_accept: false,
          guarantee_until: '2026-11-01T20:59:59.999Z',
          rework: { allowed: true, reason: null },
          originality_report: below,
        }),
      }),
    );
    const { router } = renderWorkspace('/order/7/chat');
    const line = await screen.findByRole('region', { name: 'Проверка на оригинальность' });
    expect(plain(line.textContent)).toContain('Оригинальность 62 % по Антиплагиат.ВУЗ (требуется 75 %)');
    expect(within(line).getByText('Ниже требуемой')).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('link', { name: 'Бесплатная доработка' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/order/7/reworks?new=1'),
    );
  });

  it('offers no rework while one is already open', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, {
          rework: { allowed: false, reason: 'Доработка уже идёт: дождитесь ответа автора' },
          originality_report: below,
        }),
      }),
    );
    renderWorkspace('/order/7/chat');
    const line = await screen.findByRole('region', { name: 'Проверка на оригинальность' });
    expect(within(line).getByText('Ниже требуемой')).toBeInTheDocument();
    expect(within(line).queryByRole('link', { name: 'Бесплатная доработка' })).toBeNull();
  });

  it('opens the report in the files tab’s viewer with one click', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7, { originality_report: report() }),
        files: [workspaceFile(30, 'final'), reportFile],
      }),
    );
    renderWorkspace('/order/7/chat');
    const line = await screen.findByRole('region', { name: 'Проверка на оригинальность' });
    await userEvent.click(within(line).getByRole('button', { name: 'Открыть отчёт' }));
    expect(await screen.findByRole('dialog', { name: 'Отчёт Антиплагиат.pdf' })).toBeInTheDocument();
  });

  it.each(['light', 'dark'] as const)('passes axe in the %s theme, met and below', async (colorScheme) => {
    for (const value of [report(), below]) {
      const { unmount } = renderRoute(
        <WorkspaceHeader
          order={workspaceOrder(7, {
            status: { id: 7, title: 'Выполнен' },
            can_accept: false,
            rework: { allowed: true, reason: null },
            originality_report: value,
          })}
        />,
        { path: '/order/:id/chat', url: '/order/7/chat', colorScheme },
      );
      await screen.findByRole('region', { name: 'Проверка на оригинальность' });
      expect(await violations()).toEqual([]);
      unmount();
    }
  });
});
