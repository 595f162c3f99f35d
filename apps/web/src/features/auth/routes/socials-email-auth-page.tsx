import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { SocialProfileRequestSchema } from '@cabinet/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { finishSocialSignIn } from '../api';
import { continueRegistrationError } from '../model';
import { authScreenMessages as m } from '../messages';
import { useAfterSignIn } from './redirect-target';

const SocialEmailSchema = SocialProfileRequestSchema.pick({ email: true });

/** The route guard has already checked that `token` is present and non-empty (spec §2). */
export default function SocialsEmailAuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const afterSignIn = useAfterSignIn();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SocialEmailSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await finishSocialSignIn({ token, email });
      afterSignIn();
    } catch (err) {
      // Spec §5/§8: the server detail, else the first token error, else the status.
      setAlert(continueRegistrationError(err));
    }
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.socialEmailTitle}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{m.socialEmailIntro}</Text>
          <TextInput
            {...register('email')}
            type="email"
            label={m.emailLabel}
            placeholder={m.emailPlaceholder}
            autoComplete="email"
            error={errors.email?.message}
          />
          <FormAlert message={alert} />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {m.socialEmailSubmit}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <AppLink to={paths.login.getHref()}>{m.backToLogin}</AppLink>
      </Text>
    </Stack>
  );
}
