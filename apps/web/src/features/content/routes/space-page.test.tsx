import { api } from '@cabinet/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import SpacePage from './space-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(apiFetch).mockResolvedValue({
    id: 1,
    slug: 'diplom-half-price',
    title: 'Диплом за полцены',
    blocks: [
      { type: 'heading', text: 'Что входит в цену' },
      { type: 'text', text: '<script>alert(1)</script>Скидка на всю работу.' },
      { type: 'cta', text: 'Оформить дипломную работу', href: '/order-new' },
    ],
  });
});

describe('SpacePage', () => {
  it('shows the space’s title as the page heading and its blocks, markup as text', async () => {
    const { container } = renderRoute(<SpacePage />, {
      path: '/space/:id',
      url: '/space/diplom-half-price',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Диплом за полцены' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Что входит в цену' })).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script>Скидка на всю работу.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Оформить дипломную работу' })).toHaveAttribute(
      'href',
      '/order-new',
    );
    expect(vi.mocked(apiFetch).mock.calls[0]?.[0]).toBe(api.content.space('diplom-half-price'));
  });
});
