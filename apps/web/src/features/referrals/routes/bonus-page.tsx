import { Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Bonus } from '@cabinet/contract';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDate } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { useBonus } from '../api';
import { bonusMessages as m } from '../bonus-messages';

/**
 * Bonuses counted in bonuses, as the header counts them («530 бонусов»); the screen says once
 * what one is worth (`m.rate`).
 */
export function bonuses(kopecks: number): string {
  return formatCount(kopecks / 100, m.bonusForms);
}

/** «+500 бонусов», «−120 бонусов». */
export function signed(kopecks: number): string {
  return `${kopecks > 0 ? '+' : kopecks < 0 ? '−' : ''}${bonuses(Math.abs(kopecks))}`;
}

function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function Rules({ data }: { data: Bonus }) {
  const { rules } = data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bonus-earn">
        <Stack gap="xs">
          <Title order={2} size="h4" id="bonus-earn">
            {m.earnTitle}
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>{m.earnOrder(rules.accrual_percent)}</List.Item>
            {rules.referral_bonus > 0 ? (
              <List.Item>{m.earnFriend(bonuses(rules.referral_bonus))}</List.Item>
            ) : null}
          </List>
          <Button
            component={Link}
            to={paths.friend.getHref()}
            variant="light"
            style={{ alignSelf: 'flex-start' }}
          >
            {m.toFriend}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bonus-spend">
        <Stack gap="xs">
          <Title order={2} size="h4" id="bonus-spend">
            {m.spendTitle}
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>{m.spend(rules.max_share_percent)}</List.Item>
            <List.Item>{m.ttl(rules.ttl_days)}</List.Item>
          </List>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function Expiring({ expiring }: { expiring: Bonus['expiring'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bonus-expiring">
      <Stack gap="xs">
        <Title order={2} size="h4" id="bonus-expiring">
          {m.expiringTitle}
        </Title>
        {expiring.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.nothingExpiring}
          </Text>
        ) : (
          <List spacing="xs" size="sm">
            {expiring.map((lot) => (
              <List.Item key={`${lot.expires_at}:${lot.amount}`}>
                {m.expiringItem(bonuses(lot.amount), formatDate(lot.expires_at))}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

function History({ data, onPage }: { data: Bonus; onPage: (page: number) => void }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="bonus-history">
      <Title order={2} size="h4" id="bonus-history">
        {m.historyTitle}
      </Title>
      {data.history.length === 0 ? (
        <EmptyState text={m.historyEmpty} />
      ) : (
        <Table.ScrollContainer minWidth={340}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.historyDate}</Table.Th>
                <Table.Th scope="col">{m.historyWhat}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {m.historyAmount}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.title}</Text>
                    {item.expires_at ? (
                      <Text size="xs" c="dimmed">
                        {m.expiresAt(formatDate(item.expires_at))}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td
                    style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                    fw={item.amount > 0 ? 600 : undefined}
                  >
                    {signed(item.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        label={m.pagesLabel}
        page={data.page}
        total={Math.ceil(data.count / data.page_size)}
        onChange={onPage}
      />
    </Stack>
  );
}

/** /bonus: the balance, how bonuses come and go, what expires when, the history. */
export default function BonusPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const bonus = useBonus(page);
  const setPage = (next: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      {bonus.data ? (
        <>
          <Paper withBorder radius="md" p="lg">
            <Group justify="space-between" align="flex-end">
              <Stack gap={0}>
                <Text size="sm" c="dimmed" id="bonus-balance-label">
                  {m.balanceLabel}
                </Text>
                <Text
                  fz={40}
                  fw={700}
                  lh={1.1}
                  aria-labelledby="bonus-balance-label"
                  data-testid="bonus-balance"
                >
                  {bonuses(bonus.data.balance)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {m.rate}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <Rules data={bonus.data} />
          <Expiring expiring={bonus.data.expiring} />
          <History data={bonus.data} onPage={setPage} />
        </>
      ) : bonus.isError ? (
        <LoadError title={m.loadFailed} error={bonus.error} onRetry={() => void bonus.refetch()} />
      ) : (
        <LoadingRows label={m.loading} rows={4} />
      )}
    </Stack>
  );
}
