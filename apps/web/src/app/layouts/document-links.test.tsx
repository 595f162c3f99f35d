import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCompanyForTests } from '../../features/documents/company';
import { renderRoute } from '../../shared/ui/test-utils';
import { DocumentLinks } from './document-links';

const CONFIGURED = {
  name: 'ООО «Ромашка»',
  inn: '7701234567',
  ogrn: '1027700123456',
  address: '101000, г. Москва, ул. Мясницкая, д. 1',
  email: null,
};
const UNSET = { name: null, inn: null, ogrn: null, address: null, email: null };

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

beforeEach(() => resetCompanyForTests());
afterEach(() => vi.unstubAllGlobals());

describe('the footer', () => {
  it('names the operator under the document links', async () => {
    answer(CONFIGURED);
    renderRoute(<DocumentLinks />);
    expect(
      await screen.findByText('ООО «Ромашка» · ИНН 7701234567 · ОГРН 1027700123456'),
    ).toBeInTheDocument();
  });

  it('shows the placeholders in development', async () => {
    answer(UNSET);
    renderRoute(<DocumentLinks />);
    expect(
      await screen.findByText(
        'ООО «Название» — задайте COMPANY_NAME · ИНН не указан — задайте COMPANY_INN · ОГРН не указан — задайте COMPANY_OGRN',
      ),
    ).toBeInTheDocument();
  });

  it('shows nothing of the operator when the details cannot be had', async () => {
    answer({ name: 5 });
    renderRoute(<DocumentLinks />);
    expect(await screen.findByRole('navigation', { name: 'Документы' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/ИНН/)).not.toBeInTheDocument();
  });
});
