import { Alert, Button, Stack } from '@mantine/core';
import { InviteEmailRequestSchema, InviteSmsRequestSchema, type InviteResult } from '@cabinet/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { eagerSchema, type FormSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors, type SetFieldError } from '../../../shared/ui/form-errors';
import { PhoneField } from '../../../shared/ui/phone-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { friendsKeys, inviteByEmail, inviteBySms } from '../api';
import { friendsMessages as m } from '../friends-messages';

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

/**
 * An invitation's form over its one field: sent, it says so and refreshes the friends; refused, the
 * field's error goes on the field and the rest beside the form (see Refusal).
 */
function useInviteForm<Field extends 'email' | 'phone'>(opts: {
  field: Field;
  schema: FormSchema<Record<Field, string>>;
  send: (values: Record<Field, string>) => Promise<InviteResult>;
  onSent: () => void;
}) {
  const sent = useSent();
  const fields = [opts.field] as const;
  const { kind, setErrorRef, toAlert } = useRefusal(fields);
  const server = useServerForm<Record<Field, string>>({
    schema: eagerSchema(opts.schema),
    defaultValues: { [opts.field]: '' } as Record<Field, string>,
    fields,
    toAlert,
    onSubmit: async (values) => {
      sent(await opts.send(values));
      opts.onSent();
    },
  });
  useEffect(() => {
    setErrorRef.current = server.form.setError;
  });
  return { ...server, kind };
}

function InviteFrame({
  label,
  invite,
  children,
}: {
  label: string;
  invite: {
    submit: (event?: FormEvent) => Promise<void>;
    alert: string | null;
    kind: 'kind' | 'error';
    form: { formState: { isSubmitting: boolean } };
  };
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void invite.submit(event)} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        <Refusal message={invite.alert} kind={invite.kind} />
        <Button
          type="submit"
          loading={invite.form.formState.isSubmitting}
          style={{ alignSelf: 'flex-start' }}
        >
          {m.send}
        </Button>
      </Stack>
    </form>
  );
}

function EmailInvite({ onSent }: { onSent: () => void }) {
  const invite = useInviteForm({
    field: 'email',
    schema: InviteEmailRequestSchema,
    send: inviteByEmail,
    onSent,
  });
  return (
    <InviteFrame label={m.emailTab} invite={invite}>
      <EmailField
        {...invite.form.register('email')}
        label={m.emailLabel}
        placeholder="friend@example.com"
        withAsterisk
        error={invite.form.formState.errors.email?.message}
      />
    </InviteFrame>
  );
}

function SmsInvite({ onSent }: { onSent: () => void }) {
  const invite = useInviteForm({ field: 'phone', schema: InviteSmsRequestSchema, send: inviteBySms, onSent });
  return (
    <InviteFrame label={m.smsTab} invite={invite}>
      <PhoneField
        {...invite.form.control('phone')}
        label={m.phoneLabel}
        withAsterisk
        error={invite.form.formState.errors.phone?.message}
      />
    </InviteFrame>
  );
}
