import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useCompany } from '../company';
import { documentMessages as m } from '../messages';
import { companyName, shown } from './company-footer-line';

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
