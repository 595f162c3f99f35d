import { Badge, Button, Group, Modal, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { HideReviewRequestSchema, type HideReviewRequest, type StaffReview } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { formatDate } from '../../../shared/format';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { hideReview } from '../api';
import { staffAuthorText as t } from '../messages';

const schema = eagerSchema(HideReviewRequestSchema);

/** A manager hides a review with a reason (the author is told by e-mail). */
function HideDialog({ review, onClose }: { review: StaffReview; onClose: () => void }) {
  const client = useQueryClient();
  const { form, alert, submit } = useServerForm<{ reason: string }, HideReviewRequest>({
    schema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    onSubmit: async (values) => {
      await hideReview(client, review.id, values.reason);
      notify.success(t.hiddenDone);
      onClose();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Modal opened onClose={onClose} title={t.hideTitle} closeButtonProps={{ 'aria-label': t.close }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t.hideText}</Text>
          <Textarea
            {...form.register('reason')}
            label={t.hideReason}
            error={errors.reason?.message}
            rows={3}
            withAsterisk
          />
          <FormAlert message={alert} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t.hideCancel}
            </Button>
            <Button type="submit" color="red" loading={isSubmitting}>
              {t.hideConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Every review of an author, the hidden ones marked with their reason; a manager may hide one. */
export function StaffReviewList({ reviews, canHide }: { reviews: StaffReview[]; canHide: boolean }) {
  const [hiding, setHiding] = useState<StaffReview | null>(null);
  if (reviews.length === 0) return <Text c="dimmed">{t.noReviews}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {reviews.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="sm" opacity={r.hidden ? 0.85 : 1}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Rating value={r.rating} readOnly role="img" aria-label={t.stars(r.rating)} />
                {r.hidden ? (
                  <Badge color="gray" variant="light">
                    {t.hidden}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDate(r.created_at)}
              </Text>
            </Group>
            <Text size="sm" fw={500}>
              {t.reviewBy(r.customer_name, r.work_type)} ·{' '}
              <Link to={paths.staff.order.getHref(r.order_id)}>{t.order(r.order_id)}</Link>
            </Text>
            {r.text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.text}
              </Text>
            ) : null}
            {r.hidden ? (
              <Text size="sm" c="dimmed">
                {t.hiddenReason(r.hidden.reason)}
              </Text>
            ) : canHide ? (
              <Group>
                <Button size="xs" variant="light" color="red" onClick={() => setHiding(r)}>
                  {t.hide}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {hiding ? <HideDialog review={hiding} onClose={() => setHiding(null)} /> : null}
    </Stack>
  );
}
