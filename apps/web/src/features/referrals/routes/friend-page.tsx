import { Badge, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { Friends } from '@cabinet/contract';
import { IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { useFriends } from '../api';
import { CopyField } from '../components/copy-field';
import { EmailInviteForm, SmsInviteForm } from '../components/invite-forms';
import { friendsMessages as m } from '../friends-messages';

const STATUS_COLOR = { sent: 'gray', registered: 'blue', paid: 'green' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ShareButton({ data }: { data: Friends }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const share = () =>
    navigator
      .share({ title: m.shareTitle, text: m.shareText(formatKopecks(data.reward)), url: data.link })
      .catch(() => undefined);
  return (
    <Button variant="light" leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
      {m.share}
    </Button>
  );
}

function Invites({ invites }: { invites: Friends['invites'] }) {
  if (invites.length === 0) return <EmptyState text={m.invitesEmpty} />;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.invitedTo}</Table.Th>
            <Table.Th scope="col">{m.invitedAt}</Table.Th>
            <Table.Th scope="col">{m.invitedStatus}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={`${invite.channel}:${invite.to}:${invite.sent_at}`}>
              <Table.Td>
                <Text size="sm">
                  {m.channel[invite.channel]}: {invite.to}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(invite.sent_at)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[invite.status]} variant="light">
                  {m.status[invite.status]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FriendsList({ friends }: { friends: Friends['friends'] }) {
  if (friends.length === 0) return <EmptyState text={m.friendsEmpty} />;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.friendName}</Table.Th>
            <Table.Th scope="col">{m.friendSince}</Table.Th>
            <Table.Th scope="col">{m.friendPaid}</Table.Th>
            <Table.Th scope="col">{m.friendBrought}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {friends.map((friend, i) => (
            <Table.Tr key={`${friend.registered_at}:${i}`}>
              <Table.Td>{friend.name}</Table.Td>
              <Table.Td>{formatDate(friend.registered_at)}</Table.Td>
              <Table.Td>{friend.first_order_paid ? m.paidYes : m.paidNo}</Table.Td>
              <Table.Td>{formatKopecks(friend.brought)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /friend: the personal code and link, invitations by e-mail and SMS, the friends who came. */
export default function FriendPage() {
  const friends = useFriends();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      {friends.data ? (
        <>
          <Section title={m.shareSection}>
            <Text>
              {friends.data.reward > 0 ? m.intro(formatKopecks(friends.data.reward)) : m.introNoReward}
            </Text>
            <CopyField label={m.codeLabel} value={friends.data.code} copyLabel={m.copyCode} />
            <CopyField label={m.linkLabel} value={friends.data.link} copyLabel={m.copyLink} />
            <Group gap="sm">
              <ShareButton data={friends.data} />
              <Button component={Link} to={paths.bonus.getHref()} variant="subtle">
                {m.toBonus}
              </Button>
            </Group>
          </Section>
          <Section title={m.inviteSection}>
            <Tabs defaultValue="email" keepMounted>
              <Tabs.List>
                <Tabs.Tab value="email">{m.emailTab}</Tabs.Tab>
                <Tabs.Tab value="sms">{m.smsTab}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="email" pt="md">
                <EmailInviteForm />
              </Tabs.Panel>
              <Tabs.Panel value="sms" pt="md">
                <SmsInviteForm />
              </Tabs.Panel>
            </Tabs>
          </Section>
          <Section title={m.invitesSection}>
            <Invites invites={friends.data.invites} />
          </Section>
          <Section title={m.friendsSection}>
            <FriendsList friends={friends.data.friends} />
          </Section>
        </>
      ) : friends.isError ? (
        <LoadError title={m.loadFailed} error={friends.error} onRetry={() => void friends.refetch()} />
      ) : (
        <LoadingRows label={m.loading} rows={4} />
      )}
    </Stack>
  );
}
