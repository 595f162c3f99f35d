import { api } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { FaqSearch } from './faq-search';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

const items = [
  { id: 1, question: 'Какая гарантия на работу?', answer: 'Гарантийный срок — 20 дней.' },
  { id: 2, question: 'Пройдёт ли работа проверку на антиплагиат?', answer: 'Мы прикладываем отчёт.' },
];

const urls = () => vi.mocked(apiFetch).mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(apiFetch).mockImplementation(async (url) => {
    const answer = new URL(String(url), 'http://x').searchParams.get('answer');
    if (!answer) return { results: items };
    if (answer === 'антиплагиат') return { results: [items[1]] };
    return { results: [] };
  });
});

describe('FaqSearch', () => {
  it('lists every question, and opens an answer in the accordion', async () => {
    const user = userEvent.setup();
    renderRoute(<FaqSearch />);
    const question = await screen.findByRole('button', { name: 'Какая гарантия на работу?' });
    expect(screen.getByRole('button', { name: items[1]!.question })).toBeInTheDocument();
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText('Гарантийный срок — 20 дней.')).toBeVisible());
    expect(urls()).toEqual([api.content.faq]);
  });

  it('asks the server once after a pause in typing, and shows what it found', async () => {
    const user = userEvent.setup();
    renderRoute(<FaqSearch />);
    await screen.findByRole('button', { name: items[0]!.question });
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по вопросам' }), 'антиплагиат');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: items[0]!.question })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: items[1]!.question })).toBeInTheDocument();
    // One request for the whole list and one for the typed word: none per keystroke.
    expect(urls()).toEqual([
      api.content.faq,
      `${api.content.faq}?answer=${encodeURIComponent('антиплагиат')}`,
    ]);
  });

  it('says «Ничего не нашлось» when nothing matches', async () => {
    const user = userEvent.setup();
    renderRoute(<FaqSearch />);
    await screen.findByRole('button', { name: items[0]!.question });
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по вопросам' }), 'зебра');
    expect(await screen.findByText('Ничего не нашлось')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: items[0]!.question })).not.toBeInTheDocument();
  });
});
