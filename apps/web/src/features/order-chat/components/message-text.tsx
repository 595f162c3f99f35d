import { Anchor } from '@mantine/core';
import { linkParts } from '../model';

/** A message's text as text, its http/https/mailto links as links; never HTML. */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}
