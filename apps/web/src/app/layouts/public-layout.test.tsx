import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../shared/ui/test-utils';
import { colorSchemeManager, cssVariablesResolver, theme } from '../theme';
import DocumentLayout from './document-layout';
import PublicLayout from './public-layout';

vi.mock('../../features/auth/store', () => ({ useIsAuthenticated: () => false }));

describe('PublicLayout', () => {
  it('shows the service name, the screen in main and links to the documents', async () => {
    renderRoute(<PublicLayout />, {
      path: '/',
      url: '/login',
      children: [{ path: 'login', element: <h1>Вход</h1> }],
    });
    expect(await screen.findByText('Кабинет студента')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    const docs = screen.getByRole('navigation', { name: 'Документы' });
    expect(within(docs).getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute(
      'href',
      '/documents/user-agreement',
    );
    expect(within(docs).getByRole('link', { name: 'Договор оказания услуг' })).toHaveAttribute(
      'href',
      '/documents/service-contract',
    );
    expect(within(docs).getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/documents/privacy-policy',
    );
  });

  it('switches to the dark theme and remembers it under app_theme', async () => {
    localStorage.removeItem('app_theme');
    const user = userEvent.setup();
    renderRoute(<PublicLayout />, {
      path: '/',
      url: '/',
      mantine: {
        theme,
        cssVariablesResolver,
        colorSchemeManager,
        defaultColorScheme: 'light',
        forceColorScheme: undefined,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Включить тёмную тему' }));
    expect(localStorage.getItem('app_theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('button', { name: 'Включить светлую тему' })).toBeInTheDocument();
  });
});

describe('DocumentLayout', () => {
  it('renders the document in main with a way back to sign-in when opened directly', async () => {
    renderRoute(<DocumentLayout />, {
      path: '/documents',
      url: '/documents/privacy-policy',
      children: [{ path: 'privacy-policy', element: <h1>Политика</h1> }],
    });
    expect(
      within(await screen.findByRole('main')).getByRole('heading', { name: 'Политика' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('navigation', { name: 'Документы' })).toBeInTheDocument();
  });

  it('goes back to the previous screen when there is one', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<DocumentLayout />, {
      path: '/documents',
      url: '/registration',
      children: [{ path: 'user-agreement', element: <h1>Соглашение</h1> }],
      otherPaths: ['/registration'],
    });
    await router.navigate('/documents/user-agreement');
    await user.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(await screen.findByText('route:/registration')).toBeInTheDocument();
  });
});
