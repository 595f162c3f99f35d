import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  earliestDeadline,
  type Draft,
  type Order,
  type OrderPacket,
  type Subject,
  type WorkType,
} from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors } from '../../../shared/ui/form-errors';
import { useServerForm } from '../../../shared/ui/use-server-form';
import {
  createOrder,
  packetsQuery,
  subjectsQuery,
  updateOrder,
  verificationSystemsQuery,
  workTypesQuery,
} from '../api';
import { useDraftAndFiles } from '../draft-and-files';
import { useLivePrice } from '../live-price';
import { orderFormMessages as m } from '../messages';
import {
  createOrderFormSchema,
  packetValue,
  parseKind,
  toOrderPayload,
  toServerFieldErrors,
  toUpdatePayload,
  workTypeValue,
  type OrderFormMode,
  type OrderFormValues,
} from '../model';
import { promoProblem } from '../pricing';
import { LinksField } from './links-field';
import { ContinueDraftOffer, ReferenceFailure } from './order-form-notices';
import { PriceSummary, rub } from './price-summary';
import { StickyTotal } from './sticky-total';
import { UniversityField } from './university-field';

const NO_PACKETS: OrderPacket[] = [];
/** Below this width the price column falls under the fields (Mantine's md): the total sticks to the bottom. */
const NARROW_QUERY = '(max-width: 61.99em)';

/** Form fields a server error may name (after `toServerFieldErrors` renamed the request's keys). */
const FIELDS = [
  'kind',
  'subject_id',
  'topic',
  'university',
  'deadline',
  'pages',
  'originality',
  'verification_system_id',
  'requirements',
  'promo_code',
  'links',
] as const;

const fieldsOf = (values: OrderFormValues) => [
  ...FIELDS,
  ...values.links.map((_, i) => `links.${i}.value` as const),
];

interface OrderFormProps {
  mode: OrderFormMode;
  initialValues: OrderFormValues;
  /** The draft being continued. */
  draft?: Draft;
  /** The order being edited. */
  order?: Order;
  /** The id of an earlier draft to offer on a new order. */
  offerDraftId?: number | null;
  /** Edit mode: the server said the order can no longer be changed. */
  onNotEditable?: () => void;
}

function workTypeData(workTypes: WorkType[], packets: OrderPacket[]) {
  const types = {
    group: m.workTypesGroup,
    items: workTypes.map((w) => ({ value: workTypeValue(w.id), label: w.title })),
  };
  if (packets.length === 0) return [types];
  return [
    types,
    {
      group: m.packetsGroup,
      items: packets.map((p) => ({
        value: packetValue(p.id),
        label: m.packetOption(p.title, p.discount_percent),
      })),
    },
  ];
}

function subjectData(subjects: Subject[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of subjects) {
    const items = groups.get(s.group_title) ?? [];
    items.push({ value: String(s.id), label: s.title });
    groups.set(s.group_title, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The order form of spec §2 in its three modes: a new order, a continued draft, an edited order. */
export function OrderForm({
  mode,
  initialValues,
  draft,
  order,
  offerDraftId,
  onNotEditable,
}: OrderFormProps) {
  const navigate = useNavigate();
  const [earliest] = useState(() => earliestDeadline(new Date()));
  const schema = useMemo(
    () => eagerSchema(createOrderFormSchema(earliest, order?.details.deadline)),
    [earliest, order?.details.deadline],
  );
  const { form, alert, setAlert, submit } = useServerForm({
    schema,
    defaultValues: initialValues,
    fields: FIELDS,
    onSubmit: (values: OrderFormValues) => place(values),
    checkOnBlur: true,
  });
  const { register, setError, getValues, setValue } = form;
  const { errors, isSubmitting } = form.formState;

  const workTypes = useQuery(workTypesQuery());
  const packets = useQuery({ ...packetsQuery(), enabled: mode !== 'edit' });
  const subjects = useQuery(subjectsQuery());
  const systems = useQuery(verificationSystemsQuery());
  const packetList = packets.data ?? NO_PACKETS;

  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const edited = useMemo(() => (order ? { id: order.id, deadline: order.details.deadline } : null), [order]);
  const { price, lastTotal } = useLivePrice(form, earliest, packetList, edited);
  const { uploads, saver, draftStatus } = useDraftAndFiles(form, mode, draft, order);

  async function place(values: OrderFormValues): Promise<void> {
    if (uploads.isUploading()) {
      setAlert(m.filesUploading);
      return;
    }
    if (mode === 'edit' && order) {
      try {
        const files = uploads.pendingIds();
        await updateOrder(order.id, toUpdatePayload(values, files));
        uploads.attach(files, 'order');
        notify.success(m.saved);
        void navigate(paths.order.getHref(order.id));
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) onNotEditable?.();
        else setAlert(applyServerErrors(toServerFieldErrors(err), setError, fieldsOf(values)));
      }
      return;
    }
    const fakeId = saver ? await saver.stop() : null;
    try {
      const created = await createOrder(toOrderPayload(values, { fakeId, files: uploads.pendingIds() }));
      void navigate(paths.order.success.getHref(created.id, 'order-new'));
    } catch (err) {
      saver?.resume();
      setAlert(applyServerErrors(toServerFieldErrors(err), setError, fieldsOf(values)));
    }
  }

  /** A work type fills in its typical volume while the volume is still empty. */
  const chooseKind = (value: string | null) => {
    setValue('kind', value);
    const picked = parseKind(value);
    const type = picked?.type === 'workType' ? workTypes.data?.find((w) => w.id === picked.id) : undefined;
    if (type && String(getValues().pages).trim() === '') setValue('pages', type.typical_pages);
  };

  const selectedPacket = (() => {
    const parsed = parseKind(form.control('kind').value);
    return parsed?.type === 'packet' ? packetList.find((p) => p.id === parsed.id) : undefined;
  })();

  const promoError =
    errors.promo_code?.message ?? promoProblem(price.status === 'done' ? price.result : null) ?? undefined;
  const submitLabel = mode === 'edit' ? m.submitEdit : m.submitNew;
  const title = mode === 'edit' ? m.editTitle : mode === 'continue' ? m.continueTitle : m.newTitle;
  const draftText =
    draftStatus === 'saving'
      ? m.draftSaving
      : draftStatus === 'saved'
        ? m.draftSaved
        : draftStatus === 'error'
          ? m.draftFailed
          : '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {draftText}
        </Text>
      </Group>

      {mode === 'new' && offerDraftId != null && draftStatus === 'idle' ? (
        <ContinueDraftOffer draftId={offerDraftId} />
      ) : null}

      <ReferenceFailure queries={[workTypes, packets, subjects, systems]} />

      <form onSubmit={submit} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Select
                {...form.control('kind')}
                onChange={chooseKind}
                label={m.workTypeLabel}
                placeholder={m.workTypePlaceholder}
                data={workTypeData(workTypes.data ?? [], mode === 'edit' ? [] : packetList)}
                searchable
                withAsterisk
                error={errors.kind?.message}
              />
              {selectedPacket ? (
                <Text size="sm" c="dimmed">
                  {m.packetItems}:{' '}
                  {selectedPacket.items.map((i) => `${i.work_type_title} (${i.pages})`).join(', ')}
                </Text>
              ) : null}
              <Select
                {...form.control('subject_id')}
                label={m.subjectLabel}
                placeholder={m.subjectPlaceholder}
                data={subjectData(subjects.data ?? [])}
                searchable
                clearable
                error={errors.subject_id?.message}
              />
              <TextInput
                {...register('topic')}
                label={m.topicLabel}
                placeholder={m.topicPlaceholder}
                withAsterisk
                error={errors.topic?.message}
              />
              <UniversityField {...form.control('university')} error={errors.university?.message} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <TextInput
                    {...register('deadline')}
                    type="date"
                    min={earliest}
                    label={m.deadlineLabel}
                    description={m.deadlineDescription}
                    withAsterisk
                    error={errors.deadline?.message}
                  />
                </Grid.Col>
                {selectedPacket ? null : (
                  <Grid.Col span={{ base: 12, xs: 6 }}>
                    <NumberInput
                      {...form.control('pages')}
                      label={m.pagesLabel}
                      min={1}
                      max={500}
                      allowDecimal={false}
                      allowNegative={false}
                      withAsterisk
                      error={errors.pages?.message}
                    />
                  </Grid.Col>
                )}
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <NumberInput
                    {...form.control('originality')}
                    label={m.originalityLabel}
                    min={0}
                    max={100}
                    allowDecimal={false}
                    allowNegative={false}
                    error={errors.originality?.message}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, xs: 6 }}>
                  <Select
                    {...form.control('verification_system_id')}
                    label={m.systemLabel}
                    placeholder={m.systemPlaceholder}
                    data={(systems.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
                    clearable
                    error={errors.verification_system_id?.message}
                  />
                </Grid.Col>
              </Grid>
              <Textarea
                {...register('requirements')}
                label={m.requirementsLabel}
                placeholder={m.requirementsPlaceholder}
                autosize
                minRows={3}
                maxRows={12}
                error={errors.requirements?.message}
              />

              <LinksField form={form} />

              <FilesField list={uploads} />

              {mode === 'edit' ? null : (
                <TextInput {...register('promo_code')} label={m.promoLabel} error={promoError} />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack
              gap="md"
              style={isNarrow ? undefined : { position: 'sticky', top: 'var(--mantine-spacing-md)' }}
            >
              <PriceSummary state={price} />
              <Paper p={0}>
                <Stack gap="sm">
                  <FormAlert message={alert} />
                  {isNarrow ? null : (
                    <Button type="submit" fullWidth loading={isSubmitting}>
                      {submitLabel}
                    </Button>
                  )}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        {isNarrow ? (
          <StickyTotal
            state={price}
            lastTotal={lastTotal}
            submitLabel={submitLabel}
            submitting={isSubmitting}
          />
        ) : null}
        <VisuallyHidden role="status" aria-live="polite">
          {lastTotal === null ? '' : m.priceAnnounced(rub(lastTotal))}
        </VisuallyHidden>
      </form>
    </Stack>
  );
}
