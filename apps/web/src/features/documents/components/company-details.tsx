import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { COMPANY_SETTINGS, type Company } from '@cabinet/contract';
import { useCompany } from '../company';
import { documentMessages as m } from '../messages';

/** A detail as configured, or (development) a placeholder naming the setting to fill. */
function shown(company: Company, key: 'inn' | 'ogrn' | 'address'): string {
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

/** The operator's details in a document, under a heading naming its role there («Исполнитель»). */
export function CompanyDetails({ heading }: { heading: string }) {
  const { data, isError } = useCompany();
  const rows = data
    ? [
        [m.companyName, companyName(data)],
        [m.companyInn, shown(data, 'inn')],
        [m.companyOgrn(data.ogrn), shown(data, 'ogrn')],
        [m.companyAddress, shown(data, 'address')],
        ...(data.email ? [[m.companyEmail, data.email]] : []),
      ]
    : [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="document-company">
      <Title order={2} size="h4" id="document-company">
        {heading}
      </Title>
      {data ? (
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w={{ base: 132, xs: 160 }}>
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : isError ? (
        <Text c="dimmed">{m.companyFailed}</Text>
      ) : (
        <Stack gap={6} aria-busy="true" aria-label={m.companyLoading}>
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
          <Skeleton height={18} width="85%" />
        </Stack>
      )}
    </Stack>
  );
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
