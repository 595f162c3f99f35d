import type { WorkspaceFile } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadStaffFile } from '../../../shared/staff/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { OriginalityReportRow } from './originality-report';
import { UploadPanel } from './upload-panel';

vi.mock('../../../shared/staff/client', () => ({ uploadStaffFile: vi.fn() }));
// Typing into Mantine's number field is slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const reportFile: WorkspaceFile = {
  id: 31,
  name: 'Отчёт.pdf',
  size: 2048,
  mime: 'application/pdf',
  created_at: '2026-11-27T10:00:00Z',
  group: 'report',
  uploaded_by: { role: 'performer', name: 'Иван К.' },
  is_reviewed: true,
  download_url: '/api/staff/orders/7/files/31/download/',
  preview_url: null,
};

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(() => {
  vi.mocked(uploadStaffFile).mockReset();
});

describe('the staff upload panel: the originality report', () => {
  it('asks for the percentage before the PDF, and sends it with the kind', async () => {
    vi.mocked(uploadStaffFile).mockResolvedValue([reportFile]);
    const onUploaded = vi.fn();
    renderRoute(<UploadPanel orderId="7" onUploaded={onUploaded} />);
    expect(screen.queryByLabelText(/Оригинальность по отчёту/)).toBeNull();
    await userEvent.click(screen.getByText('Отчёт об оригинальности'));

    const field = screen.getByLabelText(/Оригинальность по отчёту/);
    const pick = screen.getByRole('button', { name: 'Выбрать PDF-отчёт' });
    expect(pick).toBeDisabled();
    await userEvent.type(field, '84');
    await waitFor(() => expect(pick).toBeEnabled());
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toBe('application/pdf');
    expect(input?.multiple).toBe(false);
    await userEvent.upload(input!, new File(['%PDF-1.7'], 'Отчёт.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([reportFile], 'report'));
    const [orderId, kind, file, , percent] = vi.mocked(uploadStaffFile).mock.calls[0]!;
    expect([orderId, kind, file.name, percent]).toEqual(['7', 'report', 'Отчёт.pdf', 84]);
  });

  it('sends other kinds without a percentage', async () => {
    vi.mocked(uploadStaffFile).mockResolvedValue([]);
    renderRoute(<UploadPanel orderId="7" onUploaded={vi.fn()} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.multiple).toBe(true);
    await userEvent.upload(input!, new File(['x'], 'Курсовая.docx'));
    await waitFor(() => expect(uploadStaffFile).toHaveBeenCalled());
    const [, kind, , , percent] = vi.mocked(uploadStaffFile).mock.calls[0]!;
    expect([kind, percent]).toEqual(['final', undefined]);
  });

  it.each(['light', 'dark'] as const)('passes axe in the %s theme', async (colorScheme) => {
    renderRoute(<UploadPanel orderId="7" onUploaded={vi.fn()} />, { colorScheme });
    await userEvent.click(screen.getByText('Отчёт об оригинальности'));
    expect(await violations()).toEqual([]);
  });
});

describe('the latest report on the staff order screen', () => {
  const report = {
    percent: 62,
    required: 75,
    system: null,
    file_id: 31,
    uploaded_at: '2026-11-27T10:00:00Z',
    below_required: true,
  };

  it('shows the percentage against the requirement, and a shortfall in words', async () => {
    const { container } = renderRoute(<OriginalityReportRow order={{ originality_report: report }} />);
    expect(plain(container.textContent)).toContain('62 % при требуемых 75 %');
    expect(screen.getByText('Ниже требуемой')).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('says when it is met, and when there is none yet', () => {
    const met = renderRoute(
      <OriginalityReportRow
        order={{ originality_report: { ...report, percent: 80, below_required: false } }}
      />,
    );
    expect(plain(met.container.textContent)).toContain('80 % при требуемых 75 %');
    expect(screen.getByText('Требование выполнено')).toBeInTheDocument();
    met.unmount();
    renderRoute(<OriginalityReportRow order={{ originality_report: null }} />);
    expect(screen.getByText('Отчёта пока нет')).toBeInTheDocument();
  });
});
