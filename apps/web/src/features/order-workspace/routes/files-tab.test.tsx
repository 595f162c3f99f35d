import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { uploadFiles } from '../../../shared/api/upload';
import { downloadFile, requestBlob, fetchZip, saveBlob } from '../download';
import { workspaceFile, workspaceOrder } from '../test-fixtures';
import { renderWorkspace } from '../test-render';
import { fakeWorkspaceServer } from '../test-server';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../../../shared/api/upload', () => ({ uploadFiles: vi.fn() }));
vi.mock('../download', () => ({
  downloadFile: vi.fn(),
  requestBlob: vi.fn(),
  fetchZip: vi.fn(),
  saveBlob: vi.fn(),
}));

function serve(server: ReturnType<typeof fakeWorkspaceServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const deliveredServer = () =>
  fakeWorkspaceServer({
    order: workspaceOrder(7, { attention: { chat: 0, files: 1, care: 0, reworks: 0 } }),
    files: [
      workspaceFile(1, 'customer', { name: 'Методичка.docx', mime: 'application/msword', preview_url: null }),
      workspaceFile(2, 'without_qc', { name: 'Пример.png', mime: 'image/png' }),
      workspaceFile(3, 'intermediate', { name: 'План.pdf', is_reviewed: true }),
      workspaceFile(4, 'final', { name: 'Работа.pdf' }),
    ],
  });

const nav = () => screen.findByRole('navigation', { name: 'Разделы заказа' });

beforeEach(() => {
  for (const fn of [apiFetch, uploadFiles, downloadFile, requestBlob, fetchZip, saveBlob])
    vi.mocked(fn).mockReset();
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:preview'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the files tab', () => {
  it('shows the files by group, the author’s unreviewed one marked new', async () => {
    serve(deliveredServer());
    renderWorkspace('/order/7/files');
    const regions = await screen.findAllByRole('region', { name: /файлы|проверки|работа/i });
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Ваши файлы',
      'Добавлены без проверки',
      'Промежуточные файлы',
      'Готовая работа',
    ]);
    const finals = screen.getByRole('region', { name: 'Готовая работа' });
    expect(within(finals).getByText('Работа.pdf')).toBeInTheDocument();
    expect(within(finals).getByText('новый')).toBeInTheDocument();
    expect(finals).toHaveTextContent('Загрузил: Автор Иван');
    expect(
      within(screen.getByRole('region', { name: 'Промежуточные файлы' })).queryByText('новый'),
    ).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Ваши файлы' })).queryByRole('button', { name: /Отметить/ }),
    ).toBeNull();
  });

  it('marks a received file reviewed: the mark and the tab’s count are gone', async () => {
    const server = serve(deliveredServer());
    renderWorkspace('/order/7/files');
    expect(
      await within(await nav()).findByRole('link', { name: /^Файлы\s?\(1 новый\)$/ }),
    ).toBeInTheDocument();
    const finals = await screen.findByRole('region', { name: 'Готовая работа' });
    await userEvent.click(within(finals).getByRole('button', { name: 'Отметить просмотренным: Работа.pdf' }));
    await waitFor(() => expect(within(finals).queryByText('новый')).not.toBeInTheDocument());
    expect(await within(await nav()).findByRole('link', { name: 'Файлы' })).toBeInTheDocument();
    expect(server.callsOf('PATCH', 'files/4/')).toEqual([
      { method: 'PATCH', path: '/api/client/orders/7/files/4/', body: { is_reviewed: true } },
    ]);
  });

  it('downloads one file, and says why when it cannot', async () => {
    serve(deliveredServer());
    renderWorkspace('/order/7/files');
    vi.mocked(downloadFile).mockResolvedValueOnce(undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать Работа.pdf' }));
    expect(downloadFile).toHaveBeenCalledWith(expect.objectContaining({ id: 4, name: 'Работа.pdf' }));

    vi.mocked(downloadFile).mockRejectedValueOnce(ApiError.fromResponse(404, { detail: 'Файл не найден' }));
    await userEvent.click(screen.getByRole('button', { name: 'Скачать План.pdf' }));
    expect(await screen.findByText('Файл не найден')).toBeInTheDocument();
  });

  it('previews an image and a PDF in a dialog; other files have no preview', async () => {
    serve(deliveredServer());
    renderWorkspace('/order/7/files');
    vi.mocked(requestBlob).mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть Пример.png для просмотра' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пример.png' });
    expect(await within(dialog).findByRole('img', { name: 'Пример.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(requestBlob).toHaveBeenCalledWith('/api/client/orders/7/files/2/preview/', expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview'));

    await userEvent.click(screen.getByRole('button', { name: 'Открыть Работа.pdf для просмотра' }));
    const pdf = await screen.findByRole('dialog', { name: 'Работа.pdf' });
    // An iframe the CSP allows (frame-src blob:), not an <object>, which object-src 'none' blocks.
    expect(await within(pdf).findByTitle('Работа.pdf')).toHaveAttribute('src', 'blob:preview');
    expect(pdf.querySelector('object')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Открыть Методичка.docx для просмотра' })).toBeNull();
  });

  it('marks the newest of several final files as the current version', async () => {
    serve(
      fakeWorkspaceServer({
        order: workspaceOrder(7),
        files: [
          workspaceFile(4, 'final', { name: 'Работа.pdf', created_at: '2026-11-20T10:00:00Z' }),
          workspaceFile(6, 'final', { name: 'Работа v2.pdf', created_at: '2026-11-25T10:00:00Z' }),
          workspaceFile(5, 'intermediate', { name: 'План.pdf', created_at: '2026-11-26T10:00:00Z' }),
        ],
      }),
    );
    renderWorkspace('/order/7/files');
    const finals = await screen.findByRole('region', { name: 'Готовая работа' });
    const items = within(finals).getAllByRole('listitem');
    const current = items.filter((li) => within(li).queryByText('Текущая версия'));
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Работа v2.pdf');
    expect(
      within(screen.getByRole('region', { name: 'Промежуточные файлы' })).queryByText('Текущая версия'),
    ).toBeNull();
  });

  it('opens the preview from the file’s name (a download where there is none), named after the file', async () => {
    serve(deliveredServer());
    renderWorkspace('/order/7/files');
    const pdfBlob = new Blob(['%PDF-'], { type: 'application/pdf' });
    vi.mocked(requestBlob).mockResolvedValue(pdfBlob);
    await userEvent.click(await screen.findByRole('button', { name: 'Работа.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Работа.pdf' });
    await within(dialog).findByTitle('Работа.pdf');

    // The viewer's own download would be named after the blob's UUID: this one is the file's name.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скачать' }));
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Работа.pdf');

    // A tab of its own, titled with the file's name.
    const tab = document.implementation.createHTMLDocument('');
    const open = vi.spyOn(window, 'open').mockReturnValue({
      document: tab,
      addEventListener: vi.fn(),
    } as unknown as Window);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Открыть в новой вкладке' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.title).toBe('Работа.pdf');
    expect(tab.querySelector('iframe')?.getAttribute('title')).toBe('Работа.pdf');
    open.mockRestore();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));

    // No preview for a Word file: its name downloads it.
    vi.mocked(downloadFile).mockResolvedValueOnce(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Методичка.docx' }));
    expect(downloadFile).toHaveBeenCalledWith(expect.objectContaining({ id: 1, name: 'Методичка.docx' }));
  });

  it('downloads everything as one zip with the bytes received shown, and can cancel it', async () => {
    serve(deliveredServer());
    renderWorkspace('/order/7/files');
    let signal: AbortSignal | undefined;
    vi.mocked(fetchZip).mockImplementationOnce((_id, options) => {
      signal = options.signal;
      options.onProgress?.(3 * 1024 * 1024);
      return new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(ApiError.cancelled('отменено')));
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Скачать всё архивом' }));
    expect(await screen.findByText('Скачано 3 МБ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отменить скачивание архива' }));
    await waitFor(() => expect(screen.queryByText(/^Скачано/)).not.toBeInTheDocument());
    expect(signal?.aborted).toBe(true);
    expect(saveBlob).not.toHaveBeenCalled();
    expect(screen.queryByText('Не удалось скачать архив')).toBeNull();

    const zip = new Blob(['PK']);
    vi.mocked(fetchZip).mockResolvedValueOnce(zip);
    await userEvent.click(screen.getByRole('button', { name: 'Скачать всё архивом' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(zip, 'order-7.zip'));
    expect(fetchZip).toHaveBeenLastCalledWith(
      '7',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('uploads several files at once, each with its progress; a refused one says why, the other joins the order', async () => {
    const server = serve(deliveredServer());
    renderWorkspace('/order/7/files');
    let finishGood: (() => void) | undefined;
    vi.mocked(uploadFiles).mockImplementation((path, [file], options) => {
      expect(path).toBe('/api/client/orders/7/files/');
      if (file?.name === 'bad.exe') {
        return Promise.reject(ApiError.fromResponse(400, { detail: 'Такой тип файла не принимается' }));
      }
      options?.onProgress?.(0.4);
      return new Promise((resolve) => {
        finishGood = () => {
          server.state.files.push(workspaceFile(9, 'without_qc', { name: 'Новое.pdf' }));
          resolve([
            {
              id: 9,
              name: 'Новое.pdf',
              size: 2048,
              mime: 'application/pdf',
              created_at: '2026-11-23T10:00:00.000Z',
            },
          ]);
        };
      });
    });
    await screen.findByRole('region', { name: 'Готовая работа' });
    const input = screen.getByLabelText('Добавить файлы');
    await userEvent.upload(input, [
      new File(['a'], 'Новое.pdf', { type: 'application/pdf' }),
      new File(['b'], 'bad.exe', { type: 'application/octet-stream' }),
    ]);
    expect(await screen.findByText('Не загружен: Такой тип файла не принимается')).toBeInTheDocument();
    expect(screen.getByText('Загрузка: 40 %')).toBeInTheDocument();
    finishGood?.();
    const withoutQc = screen.getByRole('region', { name: 'Добавлены без проверки' });
    expect(await within(withoutQc).findByText('Новое.pdf')).toBeInTheDocument();
  });

  it('says what to do when the order has no files, and offers a retry when they fail to load', async () => {
    const server = serve(fakeWorkspaceServer());
    server.fail('GET /api/client/orders/7/files/', ApiError.noResponse());
    renderWorkspace('/order/7/files');
    const alert = (await screen.findByText('Не удалось загрузить файлы.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    server.heal('GET /api/client/orders/7/files/');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(/В заказе пока нет файлов/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать всё архивом' })).toBeDisabled();
  });
});
