import { Container, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingRows } from '../../../shared/ui/query-states';
import { useSpace } from '../api';
import { SpaceBlocks } from '../components/space-blocks';

/** `/space/{id}` (spec §2): the guard has loaded the space (or gone to /404); full width, no sidebar, no FAQ. */
export default function SpacePage() {
  const { id = '' } = useParams();
  const { data: space } = useSpace(id);
  if (!space) return <LoadingRows />;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>{space.title}</Title>
        <SpaceBlocks blocks={space.blocks} />
      </Stack>
    </Container>
  );
}
