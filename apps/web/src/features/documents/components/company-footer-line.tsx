import { Text } from '@mantine/core';
import { COMPANY_SETTINGS, type Company } from '@cabinet/contract';
import { useCompany } from '../company';
import { documentMessages as m } from '../messages';

// Apart from the documents' table: the footer of every visitor screen (and so /login's first
// download) needs only this line, not Mantine's Table and Skeleton.

/** A detail as configured, or (development) a placeholder naming the setting to fill. */
export function shown(company: Company, key: 'inn' | 'ogrn' | 'address'): string {
  return company[key] ?? m.companyUnset(COMPANY_SETTINGS[key]);
}

export function companyName(company: Company): string {
  return company.name ?? m.companyNamePlaceholder;
}

/** «ООО «Ромашка» · ИНН 7701234567 · ОГРН 1027700123456»: the footer's line. */
export function companyLine(company: Company): string {
  return [
    companyName(company),
    `${m.companyInn} ${shown(company, 'inn')}`,
    `${m.companyOgrn(company.ogrn)} ${shown(company, 'ogrn')}`,
  ].join(' · ');
}

/** The operator under the footer links; nothing until known (it is the last line of the page). */
export function CompanyFooterLine() {
  const { data } = useCompany();
  if (!data) return null;
  return (
    <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
      {companyLine(data)}
    </Text>
  );
}
