import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../shared/ui/test-utils';
import PrivacyPolicyPage from './privacy-policy-page';
import ServiceContractPage from './service-contract-page';
import UserAgreementPage from './user-agreement-page';

describe.each([
  ['Пользовательское соглашение', UserAgreementPage, 'Регистрация и учётная запись'],
  ['Договор оказания услуг', ServiceContractPage, 'Отказ от услуг и возврат денег'],
  ['Политика конфиденциальности', PrivacyPolicyPage, 'Права пользователя'],
])('%s', (title, Page, someSection) => {
  it('has its title, edition date, contents and numbered sections and clauses', async () => {
    renderRoute(<Page />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Редакция от 22 ноября 2026')).toBeInTheDocument();

    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => /^\d+\. /.test(h.textContent ?? ''));
    expect(sections.length).toBeGreaterThanOrEqual(8);
    sections.forEach((h, i) => expect(h.textContent).toMatch(new RegExp(`^${i + 1}\\. `)));

    const contents = screen.getByRole('navigation', { name: 'Содержание' });
    const link = within(contents).getByRole('link', { name: someSection });
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).toHaveTextContent(someSection);
    expect(screen.getByText('1.1.')).toBeInTheDocument();
  });
});

it('the privacy policy cites 152-ФЗ', async () => {
  renderRoute(<PrivacyPolicyPage />);
  expect((await screen.findAllByText(/№ 152-ФЗ/)).length).toBeGreaterThan(0);
});
