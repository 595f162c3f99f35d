import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSocialLinks } from '../../features/auth/api';
import type * as AuthApi from '../../features/auth/api';
import ChangePasswordPage from '../../features/auth/routes/change-password-page';
import LoginPage from '../../features/auth/routes/login-page';
import RegistrationPage from '../../features/auth/routes/registration-page';
import RestorePage from '../../features/auth/routes/restore-page';
import SocialsEmailAuthPage from '../../features/auth/routes/socials-email-auth-page';
import UserAgreementPage from '../../features/documents/routes/user-agreement-page';
import { useFinances, useProfile } from '../../features/profile/api';
import EmailEditPage from '../../features/profile/routes/email-edit-page';
import { renderRoute } from '../../shared/ui/test-utils';
import { NotFoundPage } from '../error-routes';
import { cssVariablesResolver, theme } from '../theme';
import CabinetLayout from './cabinet-layout';
import DocumentLayout from './document-layout';
import PublicLayout from './public-layout';

// The real module but the social links, so the login screen reads its other calls as it does live.
vi.mock('../../features/auth/api', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthApi>()),
  useSocialLinks: vi.fn(),
}));
vi.mock('../../features/profile/api', () => ({ useFinances: vi.fn(), useProfile: vi.fn() }));
vi.mock('../../features/auth/store', () => ({ useIsAuthenticated: () => false }));

// Only the fields the components read.
vi.mocked(useSocialLinks).mockReturnValue({
  data: [
    { network_name: 'vk', link: 'https://vk.example/' },
    { network_name: 'google', link: '' },
  ],
  isPending: false,
  isError: false,
} as unknown as ReturnType<typeof useSocialLinks>);
vi.mocked(useFinances).mockReturnValue({
  data: { money: 10, bonus: 2 },
  isPending: false,
  isError: false,
} as unknown as ReturnType<typeof useFinances>);
vi.mocked(useProfile).mockReturnValue({ data: undefined } as unknown as ReturnType<typeof useProfile>);

/**
 * The structural axe rules (landmarks, names, labels, heading order) on the rendered DOM. jsdom has
 * no layout, so colour contrast is left to the browser scan of the e2e suite and to theme.test.ts.
 */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const screens: Array<[string, ReactElement, string, string]> = [
  ['login', <LoginPage />, 'login', '/login'],
  ['registration', <RegistrationPage />, 'registration', '/registration'],
  ['restore', <RestorePage />, 'restore', '/restore'],
  ['change password', <ChangePasswordPage />, 'change-password/:id/', '/change-password/x/'],
  ['social e-mail', <SocialsEmailAuthPage />, 'socials-email-auth', '/socials-email-auth?token=t'],
];

describe.each(['light', 'dark'] as const)('axe, %s theme', (colorScheme) => {
  const mantine = { theme, cssVariablesResolver };

  it.each(screens)('public layout with the %s screen has no violations', async (_, element, path, url) => {
    renderRoute(<PublicLayout />, { path: '/', url, colorScheme, mantine, children: [{ path, element }] });
    await screen.findByRole('heading', { level: 1 });
    expect(await violations()).toEqual([]);
  });

  it('cabinet layout with the e-mail edit screen has no violations', async () => {
    renderRoute(<CabinetLayout />, {
      path: '/',
      url: '/email-edit',
      colorScheme,
      mantine,
      children: [{ path: 'email-edit', element: <EmailEditPage /> }],
    });
    await screen.findByRole('heading', { level: 1 });
    expect(await violations()).toEqual([]);
  });

  it('document layout with a document has no violations', async () => {
    renderRoute(<DocumentLayout />, {
      path: '/documents',
      url: '/documents/user-agreement',
      colorScheme,
      mantine,
      children: [{ path: 'user-agreement', element: <UserAgreementPage /> }],
    });
    await screen.findByRole('heading', { level: 1 });
    expect(await violations()).toEqual([]);
  });

  it('the 404 page has no violations', async () => {
    renderRoute(<NotFoundPage />, { path: '/404', colorScheme, mantine });
    await screen.findByRole('heading', { level: 1 });
    expect(await violations()).toEqual([]);
  });
});
