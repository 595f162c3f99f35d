import { Accordion, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { useFaq } from '../api';
import { contentMessages as m } from '../messages';
import { FAQ_DEBOUNCE_MS } from '../model';

/** The FAQ: a search field (asked after a pause in typing) over an accordion of answers. */
export function FaqSearch() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, FAQ_DEBOUNCE_MS);
  const faq = useFaq(debounced);

  let content;
  if (faq.data) {
    content =
      faq.data.length === 0 ? (
        <EmptyState text={m.faqNothingFound}>{m.faqNothingFoundHint}</EmptyState>
      ) : (
        <Accordion variant="separated" chevronPosition="right">
          {faq.data.map((item) => (
            <Accordion.Item key={item.id} value={String(item.id)}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{item.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      );
  } else if (faq.isError) {
    content = <LoadError title={m.faqLoadFailed} error={faq.error} onRetry={() => void faq.refetch()} />;
  } else {
    content = <LoadingRows rows={4} height={44} label={m.faqLoading} />;
  }

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={m.faqSearchLabel}
        placeholder={m.faqSearchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-autofocus
      />
      <div aria-live="polite" aria-busy={faq.isFetching}>
        {content}
      </div>
    </Stack>
  );
}
