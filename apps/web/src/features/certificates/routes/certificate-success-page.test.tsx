import type { Certificate } from '@cabinet/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { awaitingPayment, certificateOf } from '../test-fixtures';
import CertificateSuccessPage from './certificate-success-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../../../shared/api/blob', () => ({ requestBlob: vi.fn(), saveBlob: vi.fn() }));
configure({ asyncUtilTimeout: 6000 });
vi.setConfig({ testTimeout: 30_000 });

const ACTIVE = certificateOf({ value: 3_000_00 });
const AWAITING = awaitingPayment({ value: 3_000_00 });

/** `GET certificate/5/` answers each of `answers` in turn, the last one from then on. */
function serve(...answers: Array<Certificate | ApiError>) {
  const calls: string[] = [];
  vi.mocked(apiFetch).mockImplementation(async (path: string) => {
    const url = new URL(path, 'http://x');
    if (url.pathname !== '/client/api/certificate/5/') throw new Error(`unexpected ${path}`);
    calls.push(path);
    const answer = answers[Math.min(calls.length, answers.length) - 1] as Certificate | ApiError;
    if (answer instanceof ApiError) throw answer;
    return answer;
  });
  return calls;
}

const open = () =>
  renderRoute(<CertificateSuccessPage />, {
    path: '/certificate/:id/success',
    url: '/certificate/5/success?source=bank_card',
    otherPaths: ['/certificate/:id/pay', '/certificates'],
  });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('/certificate/{id}/success', () => {
  it('thanks the buyer and shows the code of a certificate the bank has confirmed', async () => {
    const calls = serve(ACTIVE);
    open();
    expect(await screen.findByText(/Спасибо! Передайте код/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Сертификат оплачен' })).toBeInTheDocument();
    expect(screen.getByTestId('certificate-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Все сертификаты' })).toHaveAttribute('href', '/certificates');
    // Nothing to wait for: it is not read again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toHaveLength(1);
  });

  it('says it waits for the bank while the payment is unconfirmed, and shows the code once it is', async () => {
    const calls = serve(AWAITING, AWAITING, ACTIVE);
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Ждём подтверждения оплаты от банка');
    expect(screen.queryByTestId('certificate-code')).toBeNull();
    await waitFor(
      () => expect(screen.getByTestId('certificate-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS'),
      {
        timeout: 8000,
      },
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/Спасибо! Передайте код/)).toBeInTheDocument();
    expect(calls.length).toBe(3);
  });

  it('says when the certificate cannot be read, and reads it again on request', async () => {
    serve(ApiError.fromResponse(500, { detail: 'Сбой' }), ACTIVE);
    open();
    expect(await screen.findByText('Не удалось загрузить сертификат')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByTestId('certificate-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
  });
});
