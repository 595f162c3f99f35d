import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  FILE_GROUPS,
  STAFF_STATUS_TITLES,
  displayIntlPhone,
  type StaffOrder,
  type WorkspaceFile,
} from '@cabinet/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { formatDate, formatMoney } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { priceBreakdown, priceBreakdownMessages } from '../../../shared/price-breakdown';
import { MoneyTable } from '../../../shared/ui/money-table';
import { useStaffMe } from '../../../shared/staff/session';
import { useOrderActions, useStaffOrder } from '../api';
import { DeadlineCell } from '../components/deadline-cell';
import { FileList } from '../components/file-list';
import { AssignForm, PriceDeadlineForm } from '../components/manager-forms';
import { LoadError, LoadingRows } from '../components/query-states';
import { careRequests, reworkRequests } from '../components/request-kinds';
import { RequestSection } from '../components/request-section';
import { StatusActions } from '../components/status-actions';
import { TimelineSection } from '../components/timeline-section';
import { OriginalityReportRow } from '../components/originality-report';
import { UploadPanel, type StaffFileKind } from '../components/upload-panel';
import { staffOrdersMessages as m } from '../messages';
import { canDeliver, isManager, roublesOf } from '../model';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title} padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The order chat in its section of the page: another feature's (ADR 015), so the app hands it in
 * (app/staff-order-screen.tsx) — features never import each other.
 */
export interface OrderChatSlot {
  title: string;
  render: (orderId: number) => ReactNode;
}

/** /staff/orders/:id: the order as a manager or its author works on it. */
export default function OrderPage({ chat }: { chat?: OrderChatSlot }) {
  const { id = '' } = useParams();
  const order = useStaffOrder(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.staff.orders.getHref()} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {m.back}
        </Group>
      </Anchor>
      {order.isPending ? (
        <LoadingRows rows={8} />
      ) : order.isError ? (
        order.error instanceof ApiError && order.error.status === 404 ? (
          <Alert color="red" role="alert">
            {m.notFound}
          </Alert>
        ) : (
          <LoadError error={order.error} onRetry={() => void order.refetch()} />
        )
      ) : (
        <OrderScreen order={order.data} chat={chat} />
      )}
    </Stack>
  );
}

function OrderScreen({ order, chat }: { order: StaffOrder; chat: OrderChatSlot | undefined }) {
  const me = useStaffMe();
  const manager = isManager(me);
  const orderId = String(order.id);
  const deliver = canDeliver(me, order);
  const { details, customer } = order;
  const filesOf = (group: (typeof FILE_GROUPS)[number]) => order.files.filter((f) => f.group === group);

  const { refresh } = useOrderActions(orderId);
  // A final file may have moved the order (4 → 5) and set its guarantee, or joined an open
  // rework's answer (the server keeps it there, ADR 015): show what the server holds.
  const uploaded = (_files: WorkspaceFile[], _kind: StaffFileKind) => void refresh();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {m.orderNumber(order.id)}
        </Title>
        <Group gap="md">
          <Text fw={600}>{STAFF_STATUS_TITLES[order.status.id] ?? order.status.title}</Text>
          <DeadlineCell deadline={order.deadline} deadlineAt={order.deadline_at} statusId={order.status.id} />
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={m.status}>
          <SimpleGrid cols={2} spacing="sm">
            <Row label={m.price}>{order.price ? formatMoney(roublesOf(order.price)) : m.priceNotSet}</Row>
            <Row label={m.paid}>{formatMoney(roublesOf(order.paid))}</Row>
            <Row label={m.performer}>
              {manager && order.performer ? (
                <Anchor component={Link} to={paths.staff.author.getHref(order.performer.id)} size="sm">
                  {order.performer.name}
                </Anchor>
              ) : (
                (order.performer?.name ?? m.noPerformer)
              )}
            </Row>
            {order.guarantee_until && <Row label={m.guarantee}>{formatDate(order.guarantee_until)}</Row>}
          </SimpleGrid>
          {order.discounts.length > 0 && (
            <MoneyTable rows={priceBreakdown(order)} label={priceBreakdownMessages.summary} size="sm" />
          )}
          <StatusActions key={`status-${order.status.id}`} order={order} />
          {manager && <AssignForm key={`assign-${order.performer?.id ?? 0}`} order={order} />}
          {manager && (
            <PriceDeadlineForm
              key={`price-${order.status.id}-${order.cost}-${order.paid}-${order.deadline}`}
              order={order}
            />
          )}
        </Section>

        <Section title={m.customer}>
          <Row label={m.customerName}>{customer.name}</Row>
          {customer.email && <Row label={m.email}>{customer.email}</Row>}
          {customer.phone && <Row label={m.phone}>{displayIntlPhone(customer.phone)}</Row>}
        </Section>
      </SimpleGrid>

      {chat ? <Section title={chat.title}>{chat.render(order.id)}</Section> : null}

      <Section title={m.details}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Row label={m.colWorkType}>{details.work_type.title}</Row>
          {details.subject && <Row label={m.subject}>{details.subject.title}</Row>}
          <Row label={m.topic}>{details.topic}</Row>
          <Row label={m.pages}>{details.pages}</Row>
          <Row label={m.originality}>{details.originality}</Row>
          <OriginalityReportRow order={order} />
          {details.verification_system && (
            <Row label={m.verificationSystem}>{details.verification_system.title}</Row>
          )}
          {details.university && <Row label={m.university}>{details.university.title}</Row>}
        </SimpleGrid>
        {details.requirements && <Row label={m.requirements}>{details.requirements}</Row>}
        {details.links.length > 0 && (
          <Row label={m.links}>
            <Stack gap={2}>
              {details.links.map((link) => (
                <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                  {link}
                </Anchor>
              ))}
            </Stack>
          </Row>
        )}
      </Section>

      <Section title={m.files}>
        {FILE_GROUPS.map((group) => {
          const files = filesOf(group);
          if (files.length === 0 && (group === 'without_qc' || group === 'report')) return null;
          return (
            <Stack key={group} gap={4}>
              <Text size="sm" fw={600}>
                {m.fileGroups[group]}
              </Text>
              <FileList
                files={files}
                showAuthor={group === 'intermediate' || group === 'final'}
                markCurrent={group === 'final'}
              />
            </Stack>
          );
        })}
        {deliver && <UploadPanel orderId={orderId} onUploaded={uploaded} />}
      </Section>

      <Section title={m.reworks}>
        <RequestSection orderId={orderId} canAnswer={deliver} kind={reworkRequests} />
      </Section>

      <Section title={m.care}>
        <RequestSection orderId={orderId} canAnswer={manager} kind={careRequests} />
      </Section>

      <Section title={m.timeline}>
        <TimelineSection orderId={orderId} />
      </Section>
    </Stack>
  );
}
