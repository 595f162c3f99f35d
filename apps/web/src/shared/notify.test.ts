import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn<(data: { id: string; message: string; autoClose: number }) => string>();
const hide = vi.fn<(id: string) => string>();
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide } }));

async function freshNotify() {
  vi.resetModules();
  return (await import('./notify')).notify;
}

describe('notify (spec §9 snackbar rule)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    show.mockClear();
    hide.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a snackbar at once for 5000 ms', async () => {
    const notify = await freshNotify();
    notify.success('Сохранено');
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      message: 'Сохранено',
      autoClose: 5000,
      color: 'green',
      closeButtonProps: { 'aria-label': 'Закрыть уведомление' },
    });
  });

  it('replaces a visible snackbar with a new one after 1000 ms', async () => {
    const notify = await freshNotify();
    notify.info('Первое');
    const firstId = show.mock.calls[0]?.[0].id;
    notify.error('Второе');

    vi.advanceTimersByTime(999);
    expect(show).toHaveBeenCalledTimes(1);
    expect(hide).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(hide).toHaveBeenCalledWith(firstId);
    expect(show).toHaveBeenCalledTimes(2);
    expect(show.mock.calls[1]?.[0]).toMatchObject({ message: 'Второе', color: 'red' });
  });

  it('keeps each queued snackbar up for 1000 ms before the next replaces it', async () => {
    const notify = await freshNotify();
    notify.info('A');
    notify.info('B');
    notify.info('C');
    vi.advanceTimersByTime(1000);
    expect(show.mock.calls.map((c) => c[0].message)).toEqual(['A', 'B']);
    vi.advanceTimersByTime(1000);
    expect(show.mock.calls.map((c) => c[0].message)).toEqual(['A', 'B', 'C']);
  });

  it('shows a new snackbar at once when the previous one has expired', async () => {
    const notify = await freshNotify();
    notify.info('Старое');
    vi.advanceTimersByTime(5000);
    notify.info('Новое');
    expect(show).toHaveBeenCalledTimes(2);
    expect(hide).not.toHaveBeenCalled();
  });
});
