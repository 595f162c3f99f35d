import { Button, Checkbox, Fieldset, Grid, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { EDUCATION_OPTIONS, TRAINING_FORM_OPTIONS, type Profile } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { updateProfile } from '../api';
import { profileMessages as m } from '../messages';
import { PROFILE_FORM_FIELDS, ProfileFormSchema, todayIso, toFormValues } from '../model';
import { ChoiceRadios, ChoiceSelect } from './choice-fields';
import { IntlPhoneField } from './intl-phone-field';
import { NewsletterSwitch } from './newsletter-switch';
import { UniversityField } from './university-field';

const SEX_OPTIONS = [
  { value: '', label: m.sexUnset },
  { value: 'male', label: m.sexMale },
  { value: 'female', label: m.sexFemale },
];

/** The options the server offers (with `selected`), or the contract's fixed list when it sends none. */
const optionsOf = (listed: Profile['education'], fallback: ReadonlyArray<{ id: string; title: string }>) =>
  (listed.length ? listed : fallback).map((o) => ({ value: o.id, label: o.title }));

export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-section-${title.replace(/\s+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Every editable field of spec §3; a failed save keeps what was typed and shows why beside it. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(ProfileFormSchema),
    defaultValues: toFormValues(profile),
    fields: PROFILE_FORM_FIELDS,
    onSubmit: async (values) => {
      await updateProfile(queryClient, values);
      notify.success(m.saved);
    },
  });
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ProfileSection title={m.personalSection}>
          <TextInput
            {...register('fio')}
            label={m.fioLabel}
            placeholder={m.fioPlaceholder}
            autoComplete="name"
            error={errors.fio?.message}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                {...register('birthday')}
                type="date"
                max={todayIso()}
                label={m.birthdayLabel}
                autoComplete="bday"
                error={errors.birthday?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <IntlPhoneField
                {...control('phone')}
                label={m.phoneLabel}
                placeholder={m.phonePlaceholder}
                error={errors.phone?.message}
              />
            </Grid.Col>
          </Grid>
          <ChoiceRadios
            {...control('sex')}
            onChange={(v) => form.setValue('sex', v === 'male' || v === 'female' ? v : '')}
            label={m.sexLabel}
            data={SEX_OPTIONS}
            error={errors.sex?.message}
          />
        </ProfileSection>

        <ProfileSection title={m.studySection}>
          <ChoiceSelect
            {...control('education')}
            label={m.educationLabel}
            placeholder={m.notChosen}
            data={optionsOf(profile.education, EDUCATION_OPTIONS)}
            error={errors.education?.message}
          />
          <ChoiceRadios
            {...control('training_form')}
            label={m.trainingFormLabel}
            data={optionsOf(profile.training_form, TRAINING_FORM_OPTIONS)}
            error={errors.training_form?.message}
          />
          <UniversityField {...control('university')} error={errors.university?.message} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput {...register('course')} label={m.courseLabel} error={errors.course?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                {...register('group_header')}
                label={m.groupLabel}
                error={errors.group_header?.message}
              />
            </Grid.Col>
          </Grid>
        </ProfileSection>

        <ProfileSection title={m.contactSection}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label={m.emailLabel} value={profile.email} readOnly style={{ flex: 1 }} />
            <Button
              component={Link}
              to={paths.emailEdit.getHref()}
              variant="default"
              aria-label={m.emailChangeLabel}
            >
              {m.emailChange}
            </Button>
          </Group>
          <Fieldset legend={m.messengersLabel} variant="unstyled">
            <Group gap="lg">
              <Checkbox {...register('is_telegram_contact')} label={m.telegramContact} />
              <Checkbox {...register('is_viber_contact')} label={m.viberContact} />
              <Checkbox {...register('is_whatsapp_contact')} label={m.whatsappContact} />
            </Group>
          </Fieldset>
          <TextInput
            {...register('telegram')}
            label={m.telegramLabel}
            placeholder={m.telegramPlaceholder}
            error={errors.telegram?.message}
          />
          <Fieldset legend={m.notificationsLabel} variant="unstyled">
            <Group gap="lg">
              <Checkbox {...register('sms_delivery')} label={m.smsDelivery} />
              <Checkbox {...register('email_delivery')} label={m.emailDelivery} />
            </Group>
          </Fieldset>
          <NewsletterSwitch profile={profile} />
        </ProfileSection>

        <FormAlert message={alert} />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {m.save}
        </Button>
      </Stack>
    </form>
  );
}
