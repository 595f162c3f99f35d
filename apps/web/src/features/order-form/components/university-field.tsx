import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { universitiesQuery } from '../../../shared/api/reference';
import { orderFormMessages as m } from '../messages';
import type { UniversityChoice } from '../model';

const SEARCH_DEBOUNCE_MS = 300;

interface UniversityFieldProps {
  value: UniversityChoice | null;
  onChange: (value: UniversityChoice | null) => void;
  onBlur?: () => void;
  error?: string;
}

/** Search as you type over the universities of Russia; the server does the matching. */
export function UniversityField({ value, onChange, onBlur, error }: UniversityFieldProps) {
  const [search, setSearch] = useState(value?.title ?? '');
  // Picking an option puts its label into the input; that is not a new search.
  const [pickedLabel, setPickedLabel] = useState(value?.title ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const typing = debounced.length > 0 && debounced !== pickedLabel;
  const results = useQuery({
    ...universitiesQuery(debounced),
    enabled: typing,
    placeholderData: keepPreviousData,
  });

  const found = typing ? (results.data ?? []) : [];
  const options = found.map((u) => ({
    value: String(u.id),
    label: u.city ? `${u.title} (${u.city})` : u.title,
  }));
  if (value && !options.some((o) => o.value === String(value.id))) {
    options.unshift({ value: String(value.id), label: value.title });
  }

  return (
    <Select
      label={m.universityLabel}
      placeholder={m.universityPlaceholder}
      searchable
      clearable
      data={options}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={typing && results.isFetched ? m.universityNothing : undefined}
      onChange={(id) => {
        const picked = found.find((u) => String(u.id) === id);
        setPickedLabel(options.find((o) => o.value === id)?.label ?? '');
        onChange(picked ? { id: picked.id, title: picked.title } : id && value ? value : null);
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}
