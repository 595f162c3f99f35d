import { Button, Image, List, Stack, Text, Title } from '@mantine/core';
import type { SpaceBlock } from '@cabinet/contract';
import { Link } from 'react-router';
import { isInternal, safeHref, safeImageSrc } from '../model';

/**
 * A space's blocks as the app's own elements: text is always text (React escapes it), an image
 * only from our origin, a call to action only to our paths or https. Nothing is parsed as HTML.
 */
export function SpaceBlocks({ blocks }: { blocks: readonly SpaceBlock[] }) {
  return (
    <Stack gap="md">
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </Stack>
  );
}

function Block({ block }: { block: SpaceBlock }) {
  switch (block.type) {
    case 'heading':
      return <Title order={2}>{block.text}</Title>;
    case 'text':
      return <Text style={{ whiteSpace: 'pre-line' }}>{block.text}</Text>;
    case 'list':
      return (
        <List spacing="xs">
          {block.items.map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      );
    case 'image': {
      const src = safeImageSrc(block.src, window.location.origin);
      return src ? <Image src={src} alt={block.alt} radius="md" maw={720} /> : null;
    }
    case 'cta': {
      const href = safeHref(block.href);
      if (!href) return null;
      return isInternal(href) ? (
        <Button component={Link} to={href} size="md" style={{ alignSelf: 'flex-start' }}>
          {block.text}
        </Button>
      ) : (
        <Button
          component="a"
          href={href}
          rel="noopener noreferrer"
          target="_blank"
          size="md"
          style={{ alignSelf: 'flex-start' }}
        >
          {block.text}
        </Button>
      );
    }
  }
}
