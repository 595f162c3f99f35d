import { useEffect } from 'react';
import { z } from '@cabinet/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { eagerSchema, lazySchema, type LazySchema } from '../lazy-schema';
import { commonMessages } from '../messages';
import { useServerForm } from './use-server-form';

const Schema = z.object({
  email: z.string().email('Введите e-mail'),
  name: z.string().min(2, 'Имя слишком короткое'),
  phone: z.string(),
  agree: z.boolean().refine((v) => v, { error: 'Нужно согласие' }),
});
type Values = z.infer<typeof Schema>;

/** A controlled input that reports its value, as the masked phone field does. */
function ValueInput({
  onChange,
  ...props
}: {
  name: string;
  value: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
}) {
  return <input {...props} onChange={(e) => onChange(e.target.value)} />;
}

function Form({
  onSubmit,
  schema = eagerSchema(Schema),
}: {
  onSubmit: (values: Values) => Promise<void>;
  schema?: LazySchema<Values>;
}) {
  const { form, alert, submit } = useServerForm({
    schema,
    defaultValues: { email: '', name: '', phone: '', agree: false },
    fields: ['email', 'name', 'phone', 'agree'],
    onSubmit,
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <label>
        E-mail <input {...form.register('email')} aria-describedby="email-error" />
      </label>
      <span id="email-error">{errors.email?.message}</span>
      <label>
        Имя <input {...form.register('name')} />
      </label>
      <span>{errors.name?.message}</span>
      <label>
        Телефон <ValueInput {...form.control('phone')} />
      </label>
      <label>
        Согласен <input type="checkbox" {...form.register('agree')} />
      </label>
      <span>{errors.agree?.message}</span>
      {alert && <p role="alert">{alert}</p>}
      <button type="submit" disabled={isSubmitting}>
        Отправить
      </button>
    </form>
  );
}

describe('useServerForm', () => {
  it('checks on submit, shows each field’s first problem and focuses the first invalid field', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Нужно согласие')).toBeInTheDocument();
    expect(screen.queryByText('Имя слишком короткое')).toBeNull();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks a field again as it changes once the form was submitted', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await vi.waitFor(() => expect(screen.queryByText('Введите e-mail')).toBeNull());
    // The other fields keep their errors until they change.
    expect(screen.getByText('Имя слишком короткое')).toBeInTheDocument();
  });

  it('submits the parsed values of text, controlled and checkbox fields', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.type(screen.getByLabelText('Телефон'), '+79991234567');
    await user.click(screen.getByLabelText('Согласен'));
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'anna@example.com',
      name: 'Анна',
      phone: '+79991234567',
      agree: true,
    });
    expect(screen.getByLabelText('Телефон')).toHaveValue('+79991234567');
  });

  it('puts server field errors on their fields and the rest into the alert', async () => {
    const onSubmit = () =>
      Promise.reject(
        ApiError.fromResponse(400, { detail: 'Проверьте данные', errors: { email: ['Адрес уже занят'] } }),
      );
    const user = userEvent.setup();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.click(screen.getByLabelText('Согласен'));
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Адрес уже занят')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Проверьте данные');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('submits once while a submit is running', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    const { container } = render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    await user.click(screen.getByLabelText('Согласен'));
    const form = container.querySelector('form')!;
    form.requestSubmit();
    form.requestSubmit();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Отправить' })).toBeEnabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('blocks the submit with a message when the schema could not be downloaded', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(
      <Form onSubmit={onSubmit} schema={lazySchema<Values>(() => Promise.reject(new Error('chunk')))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(commonMessages.unexpectedError);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

const ListSchema = z.object({
  title: z.string().min(1, 'Введите название'),
  size: z.number({ error: 'Укажите число' }).min(1, 'Не меньше 1'),
  links: z.array(z.object({ value: z.string().startsWith('https://', 'Ссылка с https://') })),
});
type ListValues = { title: string; size: number | ''; links: Array<{ value: string }> };

/** A controlled number input, as Mantine's NumberInput reports its value. */
function NumberInput({
  onChange,
  value,
  ...props
}: {
  name: string;
  value: number | '';
  ref: (element: HTMLElement | null) => void;
  onChange: (value: number | '') => void;
  onBlur: () => void;
}) {
  return (
    <input
      {...props}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
    />
  );
}

/**
 * A form of values that are not text: a controlled number and a list of uncontrolled inputs, checked
 * as fields are left.
 */
function ListForm({
  onSubmit,
  onValues,
}: {
  onSubmit: (values: z.infer<typeof ListSchema>) => Promise<void>;
  onValues?: (values: ListValues) => void;
}) {
  const { form, submit } = useServerForm<ListValues, z.infer<typeof ListSchema>>({
    schema: eagerSchema(ListSchema),
    defaultValues: { title: '', size: '', links: [{ value: '' }] },
    fields: ['title', 'size', 'links'],
    onSubmit,
    checkOnBlur: true,
  });
  const { errors } = form.formState;
  const links = form.control('links');
  const { subscribe } = form;
  useEffect(() => (onValues ? subscribe(onValues) : undefined), [subscribe, onValues]);
  return (
    <form onSubmit={submit} noValidate>
      <label>
        Название <input {...form.register('title')} />
      </label>
      <span>{errors.title?.message}</span>
      <label>
        Размер <NumberInput {...form.control('size')} />
      </label>
      <span>{errors.size?.message}</span>
      <button type="button" onClick={() => form.setValue('size', 3)}>
        Три
      </button>
      {links.value.map((link, i) => (
        <p key={i}>
          <label>
            Ссылка {i + 1}
            <input
              ref={form.elementRef(`links.${i}.value`)}
              defaultValue={link.value}
              onChange={(e) => form.update('links', [{ value: e.target.value }])}
              onBlur={links.onBlur}
            />
          </label>
          <span>{errors[`links.${i}.value`]?.message}</span>
        </p>
      ))}
      <button type="submit">Отправить</button>
    </form>
  );
}

describe('useServerForm with controlled values and checks on leaving a field', () => {
  it('checks a field when it is left, before any submit, and only that field', async () => {
    const user = userEvent.setup();
    render(<ListForm onSubmit={() => Promise.resolve()} />);
    await user.type(screen.getByLabelText('Ссылка 1'), 'http://x');
    await user.tab();
    expect(await screen.findByText('Ссылка с https://')).toBeInTheDocument();
    expect(screen.queryByText('Введите название')).toBeNull();
    await user.clear(screen.getByLabelText('Ссылка 1'));
    await user.type(screen.getByLabelText('Ссылка 1'), 'https://x');
    await vi.waitFor(() => expect(screen.queryByText('Ссылка с https://')).toBeNull());
  });

  it('puts an error inside a list on its own input and focuses it', async () => {
    const user = userEvent.setup();
    render(<ListForm onSubmit={() => Promise.resolve()} />);
    await user.type(screen.getByLabelText('Название'), 'Курсовая');
    await user.type(screen.getByLabelText('Размер'), '2');
    await user.type(screen.getByLabelText('Ссылка 1'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Ссылка с https://')).toBeInTheDocument();
    expect(screen.getByLabelText('Ссылка 1')).toHaveFocus();
  });

  it('submits typed values, shows a value set by code and tells subscribers of every change', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onValues = vi.fn();
    const user = userEvent.setup();
    render(<ListForm onSubmit={onSubmit} onValues={onValues} />);
    await user.type(screen.getByLabelText('Название'), 'Эссе');
    await user.click(screen.getByRole('button', { name: 'Три' }));
    expect(screen.getByLabelText('Размер')).toHaveValue('3');
    await user.type(screen.getByLabelText('Ссылка 1'), 'https://a.example');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Эссе',
      size: 3,
      links: [{ value: 'https://a.example' }],
    });
    expect(onValues).toHaveBeenLastCalledWith({
      title: 'Эссе',
      size: 3,
      links: [{ value: 'https://a.example' }],
    });
  });
});
