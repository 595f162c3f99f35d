import { Button, MultiSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  AUTHOR_SUBJECTS_MAX,
  StaffProfileUpdateSchema,
  authorMessages,
  z,
  type AuthorSubject,
  type StaffProfile,
} from '@cabinet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ratingText } from '../../../shared/author-rating';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { useStaffMe } from '../../../shared/staff/session';
import { FormAlert } from '../../../shared/ui/form-alert';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { SectionCard } from '../../../shared/ui/section-card';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { saveStaffProfile, staffAuthorQuery, staffProfileQuery, subjectsQuery } from '../api';
import { StaffReviewList } from '../components/staff-review-list';
import { staffAuthorText as t } from '../messages';

// The select holds the subjects' ids as strings; the request carries them as numbers.
const formSchema = StaffProfileUpdateSchema.extend({
  subject_ids: z
    .array(z.string())
    .max(AUTHOR_SUBJECTS_MAX, authorMessages.tooManySubjects)
    .transform((ids) => ids.map(Number)),
});
const schema = eagerSchema(formSchema);
type Values = z.input<typeof formSchema>;

function ProfileForm({ profile, subjects }: { profile: StaffProfile; subjects: AuthorSubject[] }) {
  const client = useQueryClient();
  const { form, alert, submit } = useServerForm<Values, z.output<typeof formSchema>>({
    schema,
    defaultValues: { about: profile.about, subject_ids: profile.subjects.map((s) => String(s.id)) },
    fields: ['about', 'subject_ids'],
    onSubmit: async (values) => {
      await saveStaffProfile(client, values);
      notify.success(t.saved);
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <SectionCard title={t.profileTitle} order={1} size="h2" onSubmit={(event) => void submit(event)}>
      <Text size="sm">{t.profileIntro}</Text>
      <Textarea
        {...form.register('about')}
        label={t.about}
        description={t.aboutHint}
        error={errors.about?.message}
        rows={5}
      />
      <MultiSelect
        {...form.control('subject_ids')}
        label={t.subjects}
        description={t.subjectsHint}
        data={subjects.map((s) => ({ value: String(s.id), label: s.title }))}
        error={errors.subject_ids?.message}
        nothingFoundMessage={t.subjectsEmpty}
        searchable
        clearable
      />
      <FormAlert message={alert} />
      <Button type="submit" loading={isSubmitting} maw={240}>
        {t.save}
      </Button>
    </SectionCard>
  );
}

function MyReviews({ id }: { id: number }) {
  const author = useQuery(staffAuthorQuery(id));
  if (author.isPending) return <LoadingRows rows={2} />;
  if (author.isError)
    return <LoadError title={t.loadFailed} error={author.error} onRetry={() => void author.refetch()} />;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-reviews">
      <Title order={2} size="h3" id="my-reviews">
        {t.myReviews}
      </Title>
      <Text size="sm">{ratingText(author.data.rating)}</Text>
      <StaffReviewList reviews={author.data.reviews} canHide={false} />
    </Stack>
  );
}

/** /staff/profile: one's «О себе» and subjects, which customers see; an author also sees every review of theirs. */
export default function StaffProfilePage() {
  const me = useStaffMe();
  const profile = useQuery(staffProfileQuery());
  const subjects = useQuery(subjectsQuery());
  const failed = profile.error ?? subjects.error;
  return (
    <Stack gap="lg" maw={820}>
      {profile.isPending || subjects.isPending ? (
        <LoadingRows rows={3} />
      ) : failed ? (
        <LoadError
          title={t.loadFailed}
          error={failed}
          onRetry={() => void Promise.all([profile.refetch(), subjects.refetch()])}
        />
      ) : (
        <ProfileForm profile={profile.data!} subjects={subjects.data!} />
      )}
      {me?.role === 'performer' ? <MyReviews id={me.id} /> : null}
    </Stack>
  );
}
