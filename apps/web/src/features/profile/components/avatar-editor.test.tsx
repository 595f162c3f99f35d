import { api, avatarMessages as serverMessages, type Avatar } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { uploadFiles, type UploadOptions } from '../../../shared/api/upload';
import { renderRoute } from '../../../shared/ui/test-utils';
import { cropToFile } from './avatar-canvas';
import { AvatarEditor } from './avatar-editor';
import { avatarMessages as m } from './avatar-messages';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../../../shared/api/upload', () => ({ uploadFiles: vi.fn() }));
// jsdom has no canvas: the drawing step is its own function, covered by the browser test.
vi.mock('./avatar-canvas', () => ({ cropToFile: vi.fn() }));
// jsdom loads no images, so the real cropper never reports an area: a stand-in reports one.
const AREA = { x: 10, y: 20, width: 300, height: 300 };
// «undrawable» stands for the browser failing to decode the image (Chrome and an HEIC).
vi.mock('react-easy-crop', () => ({
  default: (props: {
    onCropComplete: (a: typeof AREA, p: typeof AREA) => void;
    image: string;
    mediaProps?: { onError?: () => void };
  }): ReactNode => (
    <>
      <button type="button" onClick={() => props.onCropComplete(AREA, AREA)}>
        cropper:{props.image}
      </button>
      <button type="button" onClick={() => props.mediaProps?.onError?.()}>
        undrawable
      </button>
    </>
  ),
}));

const fetchMock = vi.mocked(apiFetch);
const uploadMock = vi.mocked(uploadFiles);
const cropMock = vi.mocked(cropToFile);

const url = (n: string) => `${api.profile.avatar}${n.repeat(32)}.webp`;
const stored: Avatar = { avatars: { '64': url('a'), '128': url('b'), '256': url('c') } };

let current: Avatar;

function serve() {
  fetchMock.mockImplementation(async (path, init) => {
    if (path === api.profile.avatar && (!init?.method || init.method === 'GET')) return current;
    if (path === api.profile.avatar && init?.method === 'DELETE') {
      current = { avatars: {} };
      return current;
    }
    if (path === api.profile.root) return { fio: 'Иванова Мария', email: 'maria@example.com' };
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(path)}`);
  });
}

const image = (size = 2048, type = 'image/jpeg') => new File([new Uint8Array(size)], 'фото.jpg', { type });

async function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, file, { applyAccept: false });
}

describe('AvatarEditor', () => {
  beforeEach(() => {
    current = { avatars: {} };
    serve();
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
    cropMock.mockResolvedValue(new File([new Uint8Array(10)], 'avatar.webp', { type: 'image/webp' }));
  });
  afterEach(() => vi.clearAllMocks());

  it('crops the chosen image, uploads the square with progress and shows the new photo', async () => {
    let progress: ((f: number) => void) | undefined;
    let finish: ((a: Avatar) => void) | undefined;
    uploadMock.mockImplementation((_path, _files, options?: UploadOptions) => {
      progress = options?.onProgress;
      return new Promise((resolve) => {
        finish = (a) => resolve(a as never);
      });
    });
    renderRoute(<AvatarEditor />);
    expect(await screen.findByRole('button', { name: m.upload })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: m.currentAlt })).not.toBeInTheDocument();

    await chooseFile(image());
    expect(await screen.findByRole('dialog', { name: m.cropTitle })).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAccessibleName(m.zoom);
    const save = screen.getByRole('button', { name: m.save });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'cropper:blob:chosen' }));
    await userEvent.click(save);

    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    expect(cropMock).toHaveBeenCalledWith('blob:chosen', AREA);
    const [path, files] = uploadMock.mock.calls[0] ?? [];
    expect(path).toBe(api.profile.avatar);
    expect(files?.[0]?.name).toBe('avatar.webp');

    progress?.(0.42);
    expect(await screen.findByLabelText(m.uploading(42))).toBeInTheDocument();

    current = stored;
    finish?.(stored);
    const photo = await screen.findByRole('img', { name: m.currentAlt });
    expect(photo).toHaveAttribute('src', url('b'));
    expect(screen.getByRole('status')).toHaveTextContent(m.saved);
    expect(screen.getByRole('button', { name: m.remove })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in Russian and keeps the initials", async () => {
    uploadMock.mockRejectedValue(ApiError.fromResponse(400, { detail: serverMessages.notImage }));
    renderRoute(<AvatarEditor />);
    await chooseFile(image());
    await userEvent.click(await screen.findByRole('button', { name: 'cropper:blob:chosen' }));
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(serverMessages.notImage);
    expect(screen.queryByRole('img', { name: m.currentAlt })).not.toBeInTheDocument();
  });

  it('refuses a file that is too large or not an image before any upload', async () => {
    renderRoute(<AvatarEditor />);
    await screen.findByRole('button', { name: m.upload });
    await chooseFile(image(6 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.tooLarge);
    await chooseFile(new File(['<html>'], 'page.jpg', { type: 'text/html' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.notImage));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('says to save an HEIC the browser cannot draw as JPEG or PNG; another undrawable file is just unreadable', async () => {
    renderRoute(<AvatarEditor />);
    await screen.findByRole('button', { name: m.upload });
    await chooseFile(new File([new Uint8Array(64)], 'IMG_0001.HEIC', { type: '' }));
    await userEvent.click(await screen.findByRole('button', { name: 'undrawable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Формат HEIC не поддерживается: сохраните фото как JPEG или PNG',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // An HEIC renamed to .jpg: its bytes say what it is.
    const brands = new TextEncoder().encode('ftypheic\0\0\0\0mif1heic');
    const renamed = new File([new Uint8Array([0, 0, 0, 24]), brands, new Uint8Array(40)], 'фото.jpg', {
      type: 'image/jpeg',
    });
    await chooseFile(renamed);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // The bytes are read while the dialog opens; the browser gives up drawing later.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await userEvent.click(await screen.findByRole('button', { name: 'undrawable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.heic);

    await chooseFile(image());
    await userEvent.click(await screen.findByRole('button', { name: 'undrawable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.unreadable);
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('cancels an upload under way without an error', async () => {
    uploadMock.mockImplementation(
      (_path, _files, options?: UploadOptions) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () =>
            reject(ApiError.cancelled(options.signal?.reason)),
          );
        }),
    );
    renderRoute(<AvatarEditor />);
    await chooseFile(image());
    await userEvent.click(await screen.findByRole('button', { name: 'cropper:blob:chosen' }));
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await userEvent.click(await screen.findByRole('button', { name: m.cancelUpload }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: m.cancelUpload })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.upload })).toBeEnabled();
  });

  it('deletes the photo and returns to the initials', async () => {
    current = stored;
    renderRoute(<AvatarEditor />);
    await screen.findByRole('img', { name: m.currentAlt });
    await userEvent.click(screen.getByRole('button', { name: m.remove }));
    await waitFor(() => expect(screen.queryByRole('img', { name: m.currentAlt })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(api.profile.avatar, { method: 'DELETE' });
    expect(screen.getByRole('status')).toHaveTextContent(m.removed);
    expect(screen.getByRole('button', { name: m.upload })).toBeInTheDocument();
  });
});
