import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { universitiesQuery } from '../../../shared/api/reference';
import { profileMessages as m } from '../messages';

const SEARCH_DEBOUNCE_MS = 300;

interface UniversityFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: React.Ref<HTMLInputElement>;
  error?: string;
}

/**
 * The profile keeps the university as text: the customer types, the server's search (the order
 * form's) offers the universities of Russia, and a pick fills the field.
 */
export function UniversityField({ name, value, onChange, onBlur, ref, error }: UniversityFieldProps) {
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...universitiesQuery(debounced),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const titles = [...new Set((results.data ?? []).map((u) => u.title))];
  return (
    <Autocomplete
      name={name}
      ref={ref}
      label={m.universityLabel}
      placeholder={m.universityPlaceholder}
      data={titles}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      filter={({ options }) => options}
      error={error}
    />
  );
}
