import { Radio, Stack, Text } from '@mantine/core';
import type { PaymentMethod, PaymentMethodId, PaymentPurpose } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { methodsQuery } from '../api';
import { payMessages as m } from '../messages';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';

interface Props {
  purpose: PaymentPurpose;
  /** The sum to pay in kopecks (the server decides by it), or null while it is not known. */
  amount: number | null;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Methods this screen never offers (a top-up cannot come from the balance). */
  exclude?: readonly PaymentMethodId[];
  ref?: (element: HTMLElement | null) => void;
}

const isAvailable = (method: PaymentMethod) => method.unavailable_reason === null;

/**
 * The methods of `GET methods/` as a radio group: one that cannot pay this sum stays in the list,
 * disabled, with the server's reason under it; installments appear only when the server offers them.
 * The first available one is chosen when nothing (or no longer available) is.
 */
export function MethodPicker({ purpose, amount, value, onChange, error, exclude = [], ref }: Props) {
  const query = useQuery(methodsQuery(purpose, amount));
  const methods = (query.data?.payment_methods ?? []).filter((method) => !exclude.includes(method.id));
  const chosen = methods.find((method) => method.id === value);
  const fallback = methods.find(isAvailable)?.id ?? '';

  useEffect(() => {
    if (!query.isSuccess || query.isPlaceholderData) return;
    if (!chosen || !isAvailable(chosen)) {
      if (value !== fallback) onChange(fallback);
    }
  }, [query.isSuccess, query.isPlaceholderData, chosen, fallback, value, onChange]);

  if (query.isPending) return <LoadingRows label={m.methodsLoading} rows={3} />;
  if (query.isError) {
    return <LoadError title={m.methodsFailed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (methods.length === 0) return <Text c="dimmed">{m.noMethods}</Text>;

  return (
    <Radio.Group
      name="payment_method"
      label={m.method}
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk
    >
      <Stack gap="sm" mt="xs">
        {methods.map((method) => (
          <Radio
            key={method.id}
            // A refusal of the field focuses the first method that can be chosen.
            ref={method.id === fallback ? ref : undefined}
            value={method.id}
            label={method.title}
            description={method.unavailable_reason ?? undefined}
            disabled={!isAvailable(method)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
