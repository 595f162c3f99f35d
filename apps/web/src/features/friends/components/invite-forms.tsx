import { Alert, Button, Stack } from '@mantine/core';
import { InviteEmailRequestSchema, InviteSmsRequestSchema, type InviteResult } from '@cabinet/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors, type SetFieldError } from '../../../shared/ui/form-errors';
import { PhoneField } from '../../../shared/ui/phone-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { friendsKeys, inviteByEmail, inviteBySms } from '../api';
import { friendsMessages as m } from '../messages';

const REFUSAL_TITLE = 'Приглашение не отправлено';

/**
 * A refusal the customer did nothing wrong to get — invited before, already a customer, the day's
 * limit — is said calmly (no red), beside the form; anything else as the form's error.
 */
function Refusal({ message, kind }: { message: string | null; kind: 'kind' | 'error' }) {
  if (!message) return null;
  if (kind === 'error') return <FormAlert message={message} />;
  return (
    <Alert color="yellow" role="alert" title={REFUSAL_TITLE} icon={<IconInfoCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}

/**
 * The form's `toAlert`: the server's field errors onto the field (through `setError`, handed over
 * once the form exists), and whether the rest is a kind refusal (409, 429) or an error.
 */
function useRefusal<Name extends string>(fields: readonly Name[]) {
  const [kind, setKind] = useState<'kind' | 'error'>('error');
  const setErrorRef = useRef<SetFieldError<Name>>(() => undefined);
  const toAlert = (err: unknown): string | null => {
    setKind(err instanceof ApiError && (err.status === 409 || err.status === 429) ? 'kind' : 'error');
    return applyServerErrors(err, setErrorRef.current, fields);
  };
  return { kind, setErrorRef, toAlert };
}

function useSent() {
  const queryClient = useQueryClient();
  return (result: InviteResult) => {
    notify.success(result.detail);
    void queryClient.invalidateQueries({ queryKey: friendsKeys.all });
  };
}

/**
 * A form drawn afresh after each invitation sent: an empty field, and no «Введите …» under it — the
 * cleared field is not a mistake, and a form already submitted would check it as one.
 */
function Renewed({ form: Form }: { form: ComponentType<{ onSent: () => void }> }) {
  const [round, setRound] = useState(0);
  return <Form key={round} onSent={() => setRound((r) => r + 1)} />;
}

/** Invite by e-mail: the address, checked as typed; the server's refusals beside it. */
export function EmailInviteForm() {
  return <Renewed form={EmailInvite} />;
}

/** Invite by SMS: a Russian number in any usual spelling. */
export function SmsInviteForm() {
  return <Renewed form={SmsInvite} />;
}

function EmailInvite({ onSent }: { onSent: () => void }) {
  const sent = useSent();
  const fields = ['email'] as const;
  const { kind, setErrorRef, toAlert } = useRefusal(fields);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(InviteEmailRequestSchema),
    defaultValues: { email: '' },
    fields,
    toAlert,
    onSubmit: async (values) => {
      sent(await inviteByEmail(values));
      onSent();
    },
  });
  useEffect(() => {
    setErrorRef.current = form.setError;
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={m.emailTab}>
      <Stack gap="sm">
        <EmailField
          {...form.register('email')}
          label={m.emailLabel}
          placeholder="friend@example.com"
          withAsterisk
          error={errors.email?.message}
        />
        <Refusal message={alert} kind={kind} />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {m.send}
        </Button>
      </Stack>
    </form>
  );
}

function SmsInvite({ onSent }: { onSent: () => void }) {
  const sent = useSent();
  const fields = ['phone'] as const;
  const { kind, setErrorRef, toAlert } = useRefusal(fields);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(InviteSmsRequestSchema),
    defaultValues: { phone: '' },
    fields,
    toAlert,
    onSubmit: async (values) => {
      sent(await inviteBySms(values));
      onSent();
    },
  });
  useEffect(() => {
    setErrorRef.current = form.setError;
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label={m.smsTab}>
      <Stack gap="sm">
        <PhoneField
          {...form.control('phone')}
          label={m.phoneLabel}
          withAsterisk
          error={errors.phone?.message}
        />
        <Refusal message={alert} kind={kind} />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {m.send}
        </Button>
      </Stack>
    </form>
  );
}
