import { Accordion, Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  careKindTitles,
  careStateTitles,
  StaffCareAnswerRequestSchema,
  type CareRequest,
  type StaffCareAnswerRequest,
} from '@cabinet/contract';
import { useState } from 'react';
import { lazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { useCareRequest, useOrderActions, useOrderCare } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { LoadError, LoadingRows } from './query-states';
import { Thread } from './thread';

const careAnswerSchema = lazySchema(() => Promise.resolve(StaffCareAnswerRequestSchema));
const stateColor = { open: 'orange', answered: 'teal', closed: 'gray' } as const;

/** The order's care requests; a manager answers, optionally closing the request. */
export function CareSection({ orderId, canAnswer }: { orderId: string; canAnswer: boolean }) {
  const care = useOrderCare(orderId);
  const [opened, setOpened] = useState<string | null>(null);
  if (care.isPending) return <LoadingRows rows={2} />;
  if (care.isError) return <LoadError error={care.error} onRetry={() => void care.refetch()} />;
  if (care.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.noCare}
      </Text>
    );
  }
  return (
    <Accordion value={opened} onChange={setOpened} variant="separated">
      {care.data.results.map((request) => (
        <Accordion.Item key={request.id} value={String(request.id)}>
          <Accordion.Control>
            <Stack gap={2}>
              <Group gap="xs">
                <Badge variant="light" color="grape">
                  {careKindTitles[request.kind]}
                </Badge>
                <Badge variant="light" color={stateColor[request.state]}>
                  {careStateTitles[request.state]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(request.updated_at)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={1}>
                {request.subject}
              </Text>
            </Stack>
          </Accordion.Control>
          <Accordion.Panel>
            {opened === String(request.id) && (
              <CareDetail
                orderId={orderId}
                request={request}
                canAnswer={canAnswer && request.state !== 'closed'}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function CareDetail({
  orderId,
  request,
  canAnswer,
}: {
  orderId: string;
  request: CareRequest;
  canAnswer: boolean;
}) {
  const detail = useCareRequest(orderId, request.id);
  return (
    <Stack gap="sm">
      {detail.isPending ? (
        <LoadingRows rows={2} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Thread messages={detail.data.messages} />
      )}
      {canAnswer && <CareAnswerForm orderId={orderId} careId={request.id} />}
    </Stack>
  );
}

function CareAnswerForm({ orderId, careId }: { orderId: string; careId: number }) {
  const { answerCare } = useOrderActions(orderId);
  const { form, alert, submit } = useServerForm<{ text: string; close: boolean }, StaffCareAnswerRequest>({
    schema: careAnswerSchema,
    defaultValues: { text: '', close: false },
    fields: ['text', 'close'],
    onSubmit: async (body) => {
      await answerCare.mutateAsync({ careId, body });
      notify.success(m.sent);
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea {...form.register('text')} label={m.careAnswer} rows={4} error={errors.text?.message} />
        <Checkbox {...form.register('close')} label={m.careClose} />
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
