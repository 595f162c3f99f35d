import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../shared/ui/test-utils';
import { resetCompanyForTests } from '../company';
import ServiceContractPage from '../routes/service-contract-page';
import PrivacyPolicyPage from '../routes/privacy-policy-page';

const CONFIGURED = {
  name: 'ООО «Ромашка»',
  inn: '7701234567',
  ogrn: '1027700123456',
  address: '101000, г. Москва, ул. Мясницкая, д. 1',
  email: 'info@romashka.example',
};
const UNSET = { name: null, inn: null, ogrn: null, address: null, email: null };

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => resetCompanyForTests());
afterEach(() => vi.unstubAllGlobals());

describe('the operator in a document', () => {
  it('names the configured operator with ИНН, ОГРН, address and e-mail', async () => {
    const fetchMock = answer(CONFIGURED);
    renderRoute(<ServiceContractPage />);
    const details = await screen.findByRole('region', { name: 'Сведения об Исполнителе' });
    const row = (label: string) => within(details).getByRole('rowheader', { name: label }).closest('tr');
    expect(await within(details).findByText('ООО «Ромашка»')).toBeInTheDocument();
    expect(row('ИНН')).toHaveTextContent('7701234567');
    expect(row('ОГРН')).toHaveTextContent('1027700123456');
    expect(row('Адрес')).toHaveTextContent('101000, г. Москва, ул. Мясницкая, д. 1');
    expect(row('E-mail')).toHaveTextContent('info@romashka.example');
    expect(fetchMock).toHaveBeenCalledWith('/client/api/main/company/', expect.anything());
  });

  it('says ОГРНИП for a sole trader and leaves out an unset e-mail', async () => {
    answer({
      ...CONFIGURED,
      name: 'ИП Иванов Иван Иванович',
      inn: '770123456789',
      ogrn: '304770000123456',
      email: null,
    });
    renderRoute(<PrivacyPolicyPage />);
    const details = await screen.findByRole('region', { name: 'Сведения об Операторе' });
    expect(await within(details).findByRole('rowheader', { name: 'ОГРНИП' })).toBeInTheDocument();
    expect(within(details).queryByRole('rowheader', { name: 'E-mail' })).not.toBeInTheDocument();
  });

  it('shows, in development, a placeholder naming each setting to fill', async () => {
    answer(UNSET);
    renderRoute(<ServiceContractPage />);
    const details = await screen.findByRole('region', { name: 'Сведения об Исполнителе' });
    expect(await within(details).findByText('ООО «Название» — задайте COMPANY_NAME')).toBeInTheDocument();
    expect(within(details).getByText('не указан — задайте COMPANY_INN')).toBeInTheDocument();
    expect(within(details).getByText('не указан — задайте COMPANY_OGRN')).toBeInTheDocument();
    expect(within(details).getByText('не указан — задайте COMPANY_ADDRESS')).toBeInTheDocument();
  });

  it('says the details did not load when the server fails', async () => {
    answer({ detail: 'x' }, 500);
    renderRoute(<ServiceContractPage />);
    expect(await screen.findByText('Реквизиты не загрузились. Обновите страницу.')).toBeInTheDocument();
  });
});

describe('the support phone in a document', () => {
  const clause = () => screen.getByText(/Претензии по договору направляются/);

  it('is the one the server is configured with', async () => {
    answer({ ...CONFIGURED, support_phone: '+7 495 123-45-67' });
    renderRoute(<ServiceContractPage />);
    await screen.findByText('ООО «Ромашка»');
    expect(clause()).toHaveTextContent('или по телефону поддержки +7 495 123-45-67. Исполнитель');
  });

  it('is left out, never shown as {phone}, while unknown or unset', async () => {
    answer({ ...UNSET, support_phone: null });
    renderRoute(<PrivacyPolicyPage />);
    expect(screen.getByText(/принимаются по телефону поддержки и через чат/)).toBeInTheDocument();
    await screen.findAllByText(/не задан|COMPANY_NAME|Наименование/);
    expect(document.body.textContent).not.toContain('{phone}');
    expect(document.body.textContent).not.toContain('800 000');
  });
});
