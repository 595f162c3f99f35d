import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  StaffOrderUpdateRequestSchema,
  type StaffOrder,
  type StaffOrderUpdateRequest,
} from '@cabinet/contract';
import { useState } from 'react';
import { lazySchema, type FormSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { useOrderActions, usePerformers } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { errorText, isAssignable, isDeadlineEditable, isPriceEditable, kopecksOf, roublesOf } from '../model';

type PriceValues = { cost: string; deadline: string };

type Priced = Pick<StaffOrder, 'cost' | 'price' | 'paid' | 'deadline' | 'status'>;

/** The price may change before payment, and on an order paid in part (the customer owes the rest). */
const priceOpen = (order: Priced) =>
  isPriceEditable(order.status.id) || (order.paid > 0 && order.paid < order.price);

/**
 * The request a manager's price and deadline fields make: roubles typed (`5 000,50`) become
 * kopecks, and only what changed is sent; the contract's schema says what is wrong, in Russian.
 * The price typed is the one before the order's discounts (ADR 027), the order's `cost`.
 */
export function updateRequestOf(order: Priced, values: PriceValues) {
  const body: StaffOrderUpdateRequest = {};
  const typed = values.cost.replace(/\s/g, '').replace(',', '.');
  if (priceOpen(order) && typed !== '') {
    const roubles = Number(typed);
    const kopecks = Number.isFinite(roubles) ? kopecksOf(roubles) : Number.NaN;
    if (kopecks !== order.cost) body.cost = kopecks;
  }
  if (isDeadlineEditable(order.status.id) && values.deadline && values.deadline !== order.deadline) {
    body.deadline = values.deadline;
  }
  return body;
}

function updateSchema(order: StaffOrder): FormSchema<StaffOrderUpdateRequest> {
  return {
    safeParse: (values) =>
      StaffOrderUpdateRequestSchema.safeParse(updateRequestOf(order, values as PriceValues)),
  };
}

/** Price (in «Оценка стоимости» and «Ожидает оплаты») and deadline; redrawn when the order changes. */
export function PriceDeadlineForm({ order }: { order: StaffOrder }) {
  const { update } = useOrderActions(String(order.id));
  const [schema] = useState(() => lazySchema(() => Promise.resolve(updateSchema(order))));
  const { form, alert, submit } = useServerForm<PriceValues, StaffOrderUpdateRequest>({
    schema,
    defaultValues: { cost: order.cost ? String(roublesOf(order.cost)) : '', deadline: order.deadline },
    fields: ['cost', 'deadline'],
    onSubmit: async (body) => {
      await update.mutateAsync(body);
      notify.success(m.saved);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const priceEditable = priceOpen(order);
  const deadlineEditable = isDeadlineEditable(order.status.id);
  if (!priceEditable && !deadlineEditable) return null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{m.priceAndDeadline}</Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
          <TextInput
            {...form.register('cost')}
            label={m.priceLabel}
            inputMode="decimal"
            disabled={!priceEditable}
            description={priceEditable ? undefined : m.priceLockedHint}
            error={errors.cost?.message}
            miw={140}
          />
          <TextInput
            {...form.register('deadline')}
            type="date"
            label={m.deadlineLabel}
            disabled={!deadlineEditable}
            error={errors.deadline?.message}
            miw={160}
          />
        </Group>
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Assign or reassign the author (GET /api/staff/performers/ with how busy each is). */
export function AssignForm({ order }: { order: StaffOrder }) {
  const { assign } = useOrderActions(String(order.id));
  const performers = usePerformers(true);
  const [chosen, setChosen] = useState(order.performer ? String(order.performer.id) : '');
  const [error, setError] = useState<string | null>(null);
  if (!isAssignable(order)) return null;

  const save = async () => {
    setError(null);
    try {
      await assign.mutateAsync({ performer_id: Number(chosen) });
      notify.success(m.assigned);
    } catch (failure) {
      setError(errorText(failure, m.loadFailed));
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={order.performer ? m.reassignLabel : m.assignLabel}
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={[
            { value: '', label: m.noPerformer, disabled: true },
            ...(performers.data ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.name} (${m.activeOrders(p.active_orders)})`,
            })),
          ]}
          miw={220}
        />
        <Button
          onClick={() => void save()}
          loading={assign.isPending}
          disabled={!chosen || chosen === String(order.performer?.id ?? '')}
        >
          {m.assign}
        </Button>
      </Group>
      {(error || performers.isError) && (
        <Alert color="red" role="alert">
          {error ?? errorText(performers.error, m.loadFailed)}
        </Alert>
      )}
    </Stack>
  );
}
