import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_RESEND_SECONDS,
  type VerificationPurpose,
} from '@cabinet/contract';
import { useMergedRef } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PhoneField } from '../../../shared/ui/phone-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { confirmVerificationCode, refreshVerification, sendVerificationCode } from '../api-money';
import { moneyMessages as m } from '../messages-money';
import { isVerificationPassed, verificationPhone, type VerificationStatus } from '../model';
import { errorText } from '../../../shared/ui/query-states';
import { SectionCard } from '../../../shared/ui/section-card';

type Step = 'start' | 'phone' | 'code';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The phone typed when the profile has none: any way of writing it, sent as +7XXXXXXXXXX. */
const phoneSchema = eagerSchema<{ phone: string }>({
  safeParse(values) {
    const phone = verificationPhone((values as { phone: string }).phone);
    return phone
      ? { success: true, data: { phone } }
      : { success: false, error: { issues: [{ path: ['phone'], message: m.verificationPhoneInvalid }] } };
  },
});

const codeSchema = eagerSchema<{ code: string }>({
  safeParse(values) {
    const code = (values as { code: string }).code.trim();
    return CODE_PATTERN.test(code)
      ? { success: true, data: { code } }
      : { success: false, error: { issues: [{ path: ['code'], message: m.verificationCodeHint }] } };
  },
});

const isPhoneError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.fieldErrors.phone?.[0] !== undefined;

/** An input that takes the focus when it appears (a step of the block has just opened). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** A countdown in whole seconds, ticking once a second; `start` begins it again. */
function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null);
  const running = clock !== null && clock.now < clock.until;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setClock((c) => c && { ...c, now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [running, clock?.until]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [clock ? Math.max(0, Math.ceil((clock.until - clock.now) / 1000)) : 0, start];
}

/**
 * Spec §3/§4: the phone confirmed by an SMS code for a purpose (`repayment`: payouts and claims).
 * Unverified or requested → «Подтвердить телефон» sends a code (asking for the phone first when
 * the profile has none), a 6-digit field confirms it; a new code only 60 s after the last.
 */
export function VerificationBlock({
  purpose,
  status,
}: {
  purpose: VerificationPurpose;
  status: VerificationStatus;
}) {
  // A code asked for earlier (status `requested`) may be typed in at once.
  const [step, setStep] = useState<Step>(status.status === 'requested' ? 'code' : 'start');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [typedPhone, setTypedPhone] = useState<string | null>(null);
  // Each code sent gets an empty code form.
  const [round, setRound] = useState(0);
  const [secondsLeft, startCountdown] = useCountdown();
  const sendCode = useMutation({
    mutationFn: (phone: string | undefined) => sendVerificationCode(purpose, phone),
    onSuccess: (_answer, phone) => {
      setSentTo(phone ?? status.phone);
      setRound((n) => n + 1);
      setStep('code');
      startCountdown(VERIFICATION_CODE_RESEND_SECONDS);
    },
    onError: (error) => {
      // A code went out less than a minute ago: it can be typed in, a new one after the wait.
      if (error instanceof ApiError && error.status === 429) {
        setStep('code');
        startCountdown(VERIFICATION_CODE_RESEND_SECONDS);
      }
    },
  });

  if (isVerificationPassed(status)) {
    return (
      <SectionCard title={m.verificationTitle} gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-green-light-color)" />
          <Text>{m.verificationDone}</Text>
        </Group>
      </SectionCard>
    );
  }

  const send = (phone?: string) => {
    if (!sendCode.isPending) sendCode.mutate(phone);
  };

  const resend = () => {
    if (status.phone !== null) send();
    else if (typedPhone) send(typedPhone);
    else setStep('phone');
  };

  // A refused phone is shown on its field; anything else below the block.
  const sendError = sendCode.error;
  const alert = sendError && !(step === 'phone' && isPhoneError(sendError)) ? errorText(sendError) : null;

  return (
    <SectionCard title={m.verificationTitle} gap="sm">
      <Text>{m.verificationWhy}</Text>
      {step === 'start' ? (
        <Group>
          <Button
            onClick={() => (status.phone === null ? setStep('phone') : send())}
            loading={sendCode.isPending}
          >
            {m.verificationStart}
          </Button>
        </Group>
      ) : null}
      {step === 'phone' ? (
        <PhoneStep
          send={async (phone) => {
            setTypedPhone(phone);
            await sendCode.mutateAsync(phone);
          }}
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          key={round}
          purpose={purpose}
          sentTo={sentTo}
          resend={resend}
          resendIn={secondsLeft}
          sending={sendCode.isPending}
        />
      ) : null}
      <FormAlert message={alert} />
    </SectionCard>
  );
}

/** The phone to send the code to, when the profile has none. */
function PhoneStep({ send }: { send: (phone: string) => Promise<void> }) {
  const input = useFocusOnMount<HTMLInputElement>();
  const { form, submit } = useServerForm<{ phone: string }>({
    schema: phoneSchema,
    defaultValues: { phone: '' },
    fields: ['phone'],
    onSubmit: async ({ phone }) => {
      try {
        await send(phone);
      } catch (error) {
        // Other refusals are the block's to show.
        if (isPhoneError(error))
          form.setError('phone', { message: error.fieldErrors.phone?.[0] ?? '' }, { shouldFocus: true });
      }
    },
  });
  const ref = useMergedRef(input, form.elementRef('phone'));
  const phone = form.control('phone');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <PhoneField
          ref={ref}
          label={m.verificationPhone}
          description={m.verificationPhoneHint}
          required
          value={phone.value}
          onChange={phone.onChange}
          onBlur={phone.onBlur}
          error={form.formState.errors.phone?.message}
          maw={320}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {m.verificationSend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The code from the SMS; a new one once the countdown is over. */
function CodeStep({
  purpose,
  sentTo,
  resend,
  resendIn,
  sending,
}: {
  purpose: VerificationPurpose;
  sentTo: string | null;
  resend: () => void;
  resendIn: number;
  sending: boolean;
}) {
  const client = useQueryClient();
  const input = useFocusOnMount<HTMLInputElement>();
  const confirm = useMutation({ mutationFn: (code: string) => confirmVerificationCode(purpose, code) });
  const { form, alert, submit } = useServerForm<{ code: string }>({
    schema: codeSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    onSubmit: async ({ code }) => {
      try {
        await confirm.mutateAsync(code);
      } catch (error) {
        // A wrong or expired code is the field's, whatever the server named.
        if (error instanceof ApiError && error.status === 400) {
          form.setError(
            'code',
            { message: error.fieldErrors.code?.[0] ?? error.message },
            { shouldFocus: true },
          );
          return;
        }
        throw error;
      }
      notify.success(m.verificationConfirmed);
      await refreshVerification(client, purpose);
    },
  });
  const ref = useMergedRef(input, form.elementRef('code'));
  const code = form.control('code');
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" aria-live="polite">
          {sentTo ? m.verificationSentTo(sentTo) : m.verificationSent}
        </Text>
        <TextInput
          ref={ref}
          label={m.verificationCode}
          description={m.verificationCodeHint}
          required
          value={code.value}
          onChange={(event) => code.onChange(event.currentTarget.value.replace(/\D/g, ''))}
          onBlur={code.onBlur}
          error={form.formState.errors.code?.message}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          maw={200}
        />
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {m.verificationConfirm}
          </Button>
          <Button variant="default" disabled={resendIn > 0 || sending || isSubmitting} onClick={resend}>
            {resendIn > 0 ? m.verificationResendIn(resendIn) : m.verificationResend}
          </Button>
        </Group>
        <FormAlert message={alert} />
      </Stack>
    </form>
  );
}
