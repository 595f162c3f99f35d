import type { SpaceBlock } from '@cabinet/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../shared/ui/test-utils';
import { SpaceBlocks } from './space-blocks';

function renderBlocks(blocks: SpaceBlock[]) {
  return renderRoute(<SpaceBlocks blocks={blocks} />, { path: '/space/:id', url: '/space/1' });
}

describe('SpaceBlocks', () => {
  it('renders each kind of block as its own element', async () => {
    renderBlocks([
      { type: 'heading', text: 'Что входит в цену' },
      { type: 'text', text: 'Скидка применяется ко всей работе.' },
      { type: 'list', items: ['План работы', 'Все главы'] },
      { type: 'image', src: '/img/diploma.webp', alt: 'Диплом на столе' },
      { type: 'cta', text: 'Оформить заказ', href: '/order-new' },
      { type: 'cta', text: 'Подробнее на сайте', href: 'https://example.org/about' },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Что входит в цену' })).toBeInTheDocument();
    expect(screen.getByText('Скидка применяется ко всей работе.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['План работы', 'Все главы']);
    expect(screen.getByRole('img', { name: 'Диплом на столе' })).toHaveAttribute('src', '/img/diploma.webp');
    expect(screen.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/order-new');
    const external = screen.getByRole('link', { name: 'Подробнее на сайте' });
    expect(external).toHaveAttribute('href', 'https://example.org/about');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows markup in a block as text, never as HTML', async () => {
    const { container } = renderBlocks([
      { type: 'heading', text: '<b>Жирный</b>' },
      { type: 'text', text: '<img src=x onerror="alert(1)"><script>alert(2)</script>' },
      { type: 'list', items: ['<a href="javascript:alert(3)">ссылка</a>'] },
    ]);
    expect(await screen.findByRole('heading', { name: '<b>Жирный</b>' })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeInTheDocument();
    expect(screen.getByText('<a href="javascript:alert(3)">ссылка</a>')).toBeInTheDocument();
    expect(container.querySelector('img, script, b, a')).toBeNull();
  });

  it('drops an image from another origin and a call to action that is not ours or https', async () => {
    const { container } = renderBlocks([
      { type: 'heading', text: 'Заголовок' },
      { type: 'image', src: 'https://tracker.example/pixel.gif', alt: 'Пиксель' },
      { type: 'image', src: '//tracker.example/pixel.gif', alt: 'Пиксель 2' },
      { type: 'cta', text: 'Опасно', href: 'javascript:alert(1)' },
      { type: 'cta', text: 'Без шифрования', href: 'http://example.org/' },
    ]);
    await screen.findByRole('heading', { name: 'Заголовок' });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Опасно')).toBeNull();
  });
});
