import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { fakeProfileServer } from '../test-server';
import { DiplomaPopup } from './diploma-popup';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

vi.setConfig({ testTimeout: 30_000 });

function serve(server: ReturnType<typeof fakeProfileServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const renderPopup = () => renderRoute(<DiplomaPopup />, { path: '/home', otherPaths: ['/space/:id'] });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('the diploma half-price popup', () => {
  it('shows when the server says so, and once closed tells the server and never shows again', async () => {
    const server = serve(fakeProfileServer({ popup: true }));
    const first = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Диплом за полцены' });
    expect(dialog).toHaveTextContent('Узнать условия');
    await userEvent.click(screen.getAllByRole('button', { name: 'Закрыть' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('PATCH', '/api/client/profile/popup/')).toHaveLength(1);
    first.unmount();

    // Another visit (a new page, any device) asks again and is told no.
    renderPopup();
    await waitFor(() => expect(server.callsTo('GET', '/client/api/profile/profile-popup/')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('PATCH', '/api/client/profile/popup/')).toHaveLength(1);
  });

  it('leads to the offer page and counts that as a dismissal', async () => {
    const server = serve(fakeProfileServer({ popup: true }));
    renderPopup();
    await userEvent.click(await screen.findByRole('link', { name: 'Узнать условия' }));
    expect(await screen.findByText('route:/space/:id')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/client/profile/popup/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed when the server says it is not due', async () => {
    const server = serve(fakeProfileServer({ popup: false }));
    renderPopup();
    await waitFor(() => expect(server.callsTo('GET', '/client/api/profile/profile-popup/')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
