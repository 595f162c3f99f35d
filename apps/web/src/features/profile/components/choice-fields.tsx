import { Group, Radio, Select } from '@mantine/core';

interface ChoiceProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: React.Ref<HTMLInputElement>;
  data: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}

/** A select over a fixed list; '' is "not chosen" (the clear button gives it back). */
export function ChoiceSelect({
  value,
  onChange,
  data,
  placeholder,
  ...props
}: ChoiceProps & { placeholder: string }) {
  return (
    <Select
      {...props}
      placeholder={placeholder}
      data={[...data]}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
    />
  );
}

/** A group of radios; `emptyValue` stands for '' among them (a radio cannot carry an empty value). */
export function ChoiceRadios({
  name,
  label,
  value,
  onChange,
  data,
  error,
  emptyValue = 'none',
}: ChoiceProps & { emptyValue?: string }) {
  return (
    <Radio.Group
      name={name}
      label={label}
      value={value === '' ? emptyValue : value}
      onChange={(v) => onChange(v === emptyValue ? '' : v)}
      error={error}
    >
      <Group gap="lg" mt="xs">
        {data.map((o) => (
          <Radio key={o.value} value={o.value === '' ? emptyValue : o.value} label={o.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
