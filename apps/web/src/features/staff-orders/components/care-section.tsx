import { Badge, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  careKindTitles,
  careStateTitles,
  StaffCareAnswerRequestSchema,
  type CareRequest,
  type StaffCareAnswerRequest,
} from '@cabinet/contract';
import { lazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { useCareRequest, useOrderActions, useOrderCare } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { AnswerForm, RequestAccordion, RequestThread } from './request-accordion';

const careAnswerSchema = lazySchema(() => Promise.resolve(StaffCareAnswerRequestSchema));
const stateColor = { open: 'orange', answered: 'teal', closed: 'gray' } as const;

/** The order's care requests; a manager answers, optionally closing the request. */
export function CareSection({ orderId, canAnswer }: { orderId: string; canAnswer: boolean }) {
  const care = useOrderCare(orderId);
  return (
    <RequestAccordion
      query={care}
      emptyText={m.noCare}
      control={(request) => (
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
      )}
      detail={(request) => (
        <CareDetail orderId={orderId} request={request} canAnswer={canAnswer && request.state !== 'closed'} />
      )}
    />
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
      <RequestThread query={detail} />
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
    <AnswerForm submit={submit} alert={alert} submitting={isSubmitting}>
      <Textarea {...form.register('text')} label={m.careAnswer} rows={4} error={errors.text?.message} />
      <Checkbox {...form.register('close')} label={m.careClose} />
    </AnswerForm>
  );
}
