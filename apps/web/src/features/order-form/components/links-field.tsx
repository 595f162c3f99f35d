import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ServerForm } from '../../../shared/ui/use-server-form';
import { orderFormMessages as m } from '../messages';
import type { OrderFormValues } from '../model';

/**
 * «Ссылки на материалы»: any number of links, each its own uncontrolled input (typing in one does
 * not draw the others again), each with its own error, added and removed by buttons.
 */
export function LinksField({ form }: { form: ServerForm<OrderFormValues> }) {
  const { errors } = form.formState;
  const links = form.control('links');
  // Stable keys for the inputs as links are added and removed.
  const [keys, setKeys] = useState(() => form.getValues().links.map((_, i) => i));
  const nextKey = useRef(keys.length);

  const add = () => {
    setKeys((current) => [...current, nextKey.current++]);
    links.onChange([...form.getValues().links, { value: '' }]);
  };
  const remove = (index: number) => {
    setKeys((current) => current.filter((_, i) => i !== index));
    links.onChange(form.getValues().links.filter((_, i) => i !== index));
  };
  const type = (index: number, value: string) =>
    form.update(
      'links',
      form.getValues().links.map((link, i) => (i === index ? { value } : link)),
    );

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="h3" m={0}>
        {m.linksLabel}
      </Text>
      {links.value.map((link, index) => (
        <Group key={keys[index]} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            ref={form.elementRef(`links.${index}.value`)}
            defaultValue={link.value}
            onChange={(event) => type(index, event.currentTarget.value)}
            onBlur={links.onBlur}
            type="url"
            label={m.linkLabel(index + 1)}
            placeholder={m.linkPlaceholder}
            style={{ flex: 1 }}
            error={errors[`links.${index}.value`]?.message}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={m.removeLink(index + 1)}
            onClick={() => remove(index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {errors.links?.message ? (
        <Text size="xs" c="red.8">
          {errors.links.message}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={add}
        style={{ alignSelf: 'flex-start' }}
      >
        {m.addLink}
      </Button>
    </Stack>
  );
}
