import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PacketWaiting, PayRequest } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { packetQuery, pay } from '../api';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { MethodPayForm } from '../components/method-pay-form';
import { payMessages as m } from '../messages';

/** `/pay-packet/{id}`: a placed packet's orders, their sum and one payment for all of them. */
export default function PacketPayPage() {
  const { id = '' } = useParams();
  const packet = useQuery({ ...packetQuery(id), retry: false });

  if (packet.isPending) return <LoadingRows label={m.packetTitle} rows={4} />;
  if (packet.isError) {
    // Another customer's packet, or none: the app's not-found page.
    if (packet.error instanceof ApiError && packet.error.status === 404) {
      return <Navigate to={paths.notFound.getHref()} replace />;
    }
    return <LoadError title={m.loadFailed} error={packet.error} onRetry={() => void packet.refetch()} />;
  }
  return <PacketPay packet={packet.data} />;
}

function PacketPay({ packet }: { packet: PacketWaiting }) {
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1}>{m.packetTitle}</Title>
        <Text c="dimmed">{packet.title}</Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Table withTableBorder layout="fixed" aria-label={m.packetOrders}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="50%">{m.packetOrders}</Table.Th>
                <Table.Th ta="right">{m.price}</Table.Th>
                <Table.Th ta="right">{m.left}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packet.orders.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Th scope="row" fw={400}>
                    {m.packetOrder(order.id, order.title)}
                  </Table.Th>
                  <Table.Td ta="right">{formatKopecks(order.price)}</Table.Td>
                  <Table.Td ta="right">{formatKopecks(Math.max(0, order.price - order.paid))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row" colSpan={2}>
                  {m.packetSum}
                </Table.Th>
                <Table.Td ta="right">{formatKopecks(packet.amount)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {packet.amount > 0 ? (
            <MethodPayForm<PayRequest>
              purpose="packet"
              amount={packet.amount}
              submitLabel={m.payButton(packet.amount)}
              bodyFor={(method) => ({ purpose: 'packet', object_id: packet.id, payment_method: method })}
              send={pay}
            />
          ) : (
            <Alert color="green" role="status">
              {m.packetEmpty}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
