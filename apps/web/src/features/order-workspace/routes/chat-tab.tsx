import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { workspaceText as t } from '../messages';

/** The chat tab until the real-time chat arrives (issue 10): says so, and where to write meanwhile. */
export default function ChatTab() {
  const { id = '' } = useParams();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t.chatTitle}
        </Title>
        <Text size="sm">{t.chatPlaceholder}</Text>
        <Button component={Link} to={`${paths.order.getHref(id, 'care')}?new=1`} variant="light">
          {t.chatToCare}
        </Button>
      </Stack>
    </Paper>
  );
}
