import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_RESEND_SECONDS,
  type VerificationPurpose,
} from '@cabinet/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PhoneField } from '../../../shared/ui/phone-field';
import { confirmVerificationCode, refreshVerification, sendVerificationCode } from '../api-money';
import { moneyMessages as m } from '../messages-money';
import { isVerificationPassed, verificationPhone, type VerificationStatus } from '../model';
import { errorText } from '../../../shared/ui/query-states';

type Step = 'start' | 'phone' | 'code';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

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
  const headingId = useId();
  const client = useQueryClient();
  // A code asked for earlier (status `requested`) may be typed in at once.
  const [step, setStep] = useState<Step>(status.status === 'requested' ? 'code' : 'start');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
    if (step === 'phone') phoneInput.current?.focus();
  }, [step]);

  if (isVerificationPassed(status)) {
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {m.verificationTitle}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-green-light-color)" />
            <Text>{m.verificationDone}</Text>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const send = async (typedPhone?: string) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setPhoneError(null);
    setCodeError(null);
    try {
      await sendVerificationCode(purpose, typedPhone);
      setSentTo(typedPhone ?? status.phone);
      setCode('');
      setStep('code');
      startCountdown(VERIFICATION_CODE_RESEND_SECONDS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // A code went out less than a minute ago: it can be typed in, a new one after the wait.
        setStep('code');
        startCountdown(VERIFICATION_CODE_RESEND_SECONDS);
        setAlert(error.message);
      } else if (step === 'phone' && error instanceof ApiError && error.fieldErrors.phone?.[0]) {
        setPhoneError(error.fieldErrors.phone[0]);
      } else {
        setAlert(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (status.phone === null) setStep('phone');
    else void send();
  };

  const resend = () => {
    if (status.phone !== null) return void send();
    const typed = verificationPhone(phone);
    if (typed) void send(typed);
    else setStep('phone');
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const canonical = verificationPhone(phone);
    if (!canonical) {
      setPhoneError(m.verificationPhoneInvalid);
      phoneInput.current?.focus();
      return;
    }
    void send(canonical);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(m.verificationCodeHint);
      codeInput.current?.focus();
      return;
    }
    setBusy(true);
    setAlert(null);
    setCodeError(null);
    try {
      await confirmVerificationCode(purpose, typed);
      notify.success(m.verificationConfirmed);
      await refreshVerification(client, purpose);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setCodeError(error.fieldErrors.code?.[0] ?? error.message);
        codeInput.current?.focus();
      } else {
        setAlert(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {m.verificationTitle}
        </Title>
        <Text>{m.verificationWhy}</Text>
        {step === 'start' ? (
          <Group>
            <Button onClick={start} loading={busy}>
              {m.verificationStart}
            </Button>
          </Group>
        ) : null}
        {step === 'phone' ? (
          <form onSubmit={submitPhone} noValidate>
            <Stack gap="sm">
              <PhoneField
                ref={phoneInput}
                label={m.verificationPhone}
                description={m.verificationPhoneHint}
                required
                value={phone}
                onChange={setPhone}
                error={phoneError}
                maw={320}
              />
              <Group>
                <Button type="submit" loading={busy}>
                  {m.verificationSend}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step === 'code' ? (
          <form onSubmit={(event) => void submitCode(event)} noValidate>
            <Stack gap="sm">
              <Text size="sm" aria-live="polite">
                {sentTo ? m.verificationSentTo(sentTo) : m.verificationSent}
              </Text>
              <TextInput
                ref={codeInput}
                label={m.verificationCode}
                description={m.verificationCodeHint}
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
                error={codeError}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                maw={200}
              />
              <Group gap="sm">
                <Button type="submit" loading={busy}>
                  {m.verificationConfirm}
                </Button>
                <Button variant="default" disabled={secondsLeft > 0 || busy} onClick={resend}>
                  {secondsLeft > 0 ? m.verificationResendIn(secondsLeft) : m.verificationResend}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        <FormAlert message={alert} />
      </Stack>
    </Paper>
  );
}
