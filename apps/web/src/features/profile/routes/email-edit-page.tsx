import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { authMessages, ChangeEmailRequestSchema } from '@cabinet/contract';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors } from '../../../shared/ui/form-errors';
import { requestEmailChange } from '../api';
import { profileMessages as m } from '../messages';

export default function EmailEditPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ChangeEmailRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await requestEmailChange(email);
      setSentTo(email);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, ['email']));
    }
  });

  return (
    <Stack gap="lg" maw={480}>
      <Title order={1}>{m.emailEditTitle}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {sentTo ? (
          <Alert color="brand" role="status" icon={<IconMail size={18} aria-hidden />}>
            <Stack gap="xs">
              <Text size="sm">{authMessages.emailChangeSent}</Text>
              <Text size="sm" fw={600}>
                {sentTo}
              </Text>
              <Text size="sm">{m.emailEditSentHint}</Text>
            </Stack>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Text size="sm">{m.emailEditIntro}</Text>
              <TextInput
                {...register('email')}
                type="email"
                label={m.newEmailLabel}
                placeholder={m.emailPlaceholder}
                autoComplete="email"
                error={errors.email?.message}
              />
              <FormAlert message={alert} />
              <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
                {m.emailEditSubmit}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <AppLink to={paths.profile.getHref()}>{m.backToProfile}</AppLink>
    </Stack>
  );
}
