import type { Certificate } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestBlob, saveBlob } from '../../../shared/api/blob';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { certificateOf } from '../test-fixtures';
import CertificatePage from './certificate-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../../../shared/api/blob', () => ({ requestBlob: vi.fn(), saveBlob: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const cert = (over: Partial<Certificate> = {}) => certificateOf({ value: 3_000_00, ...over });

/** `GET certificate/5/` answers `answer`; the redeem form's orders list is empty. */
function serve(answer: Certificate | ApiError) {
  vi.mocked(apiFetch).mockImplementation(async (path: string) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/client/api/certificate/5/') {
      if (answer instanceof ApiError) throw answer;
      return answer;
    }
    if (url.pathname === '/api/client/payments/waiting/')
      return { results: [], next: null, previous: null, count: 0 };
    throw new Error(`unexpected ${path}`);
  });
}

const open = () =>
  renderRoute(<CertificatePage />, {
    path: '/certificate/:id',
    url: '/certificate/5',
    otherPaths: ['/certificate/:id/pay', '/certificates', '/certificates-terms-of-composable'],
  });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(requestBlob).mockReset();
  vi.mocked(saveBlob).mockReset();
});

describe('/certificate/{id}', () => {
  it('shows an active certificate: its value, code, expiry, and downloads its PDF under its code', async () => {
    serve(cert());
    open();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(plain(heading.textContent)).toBe('Сертификат на 3 000 ₽');
    expect(screen.getByTestId('certificate-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
    expect(screen.getByText(/Действует до 20 ноября 2027 включительно/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Оплатить' })).toBeNull();

    const pdf = new Blob(['%PDF-1.7']);
    vi.mocked(requestBlob).mockResolvedValueOnce(pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Скачать PDF' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(pdf, 'Сертификат ABCD-EFGH-JKMN-PQRS.pdf'));
    expect(requestBlob).toHaveBeenCalledWith('/client/api/certificate/5/download/');
  });

  it('says why a download failed and stays usable', async () => {
    serve(cert());
    open();
    vi.mocked(requestBlob).mockRejectedValueOnce(
      ApiError.fromResponse(409, { detail: 'Сертификат ещё не оплачен' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось скачать сертификат: Сертификат ещё не оплачен',
    );
    expect(saveBlob).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Скачать PDF' })).toBeEnabled();
  });

  it('hides the code until paid and offers to pay, not to download', async () => {
    serve(cert({ status: 'awaiting_payment', code: null, paid_at: null, expires_at: null }));
    open();
    expect(await screen.findByText('Код появится после оплаты')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', '/certificate/5/pay');
    expect(screen.queryByRole('button', { name: 'Скачать PDF' })).toBeNull();
    expect(screen.queryByTestId('certificate-code')).toBeNull();
  });

  it('shows a load failure with a way to retry', async () => {
    serve(ApiError.fromResponse(500, { detail: 'Сбой' }));
    open();
    expect(await screen.findByText('Не удалось загрузить сертификат')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});
