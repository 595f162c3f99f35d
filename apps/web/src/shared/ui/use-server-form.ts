import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LazySchema } from '../lazy-schema';
import { commonMessages } from '../messages';
import { applyServerErrors } from './form-errors';

type FieldValue = string | boolean;
type FormValues = Record<string, FieldValue>;
type FieldError = { message: string };

/** What `register` spreads onto an input. */
interface Registration {
  name: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A small form of uncontrolled fields (the auth and profile screens; the order form has its own):
 * checked by its schema on submit and, once submitted, again as each field changes; a failed
 * request puts the server's field errors on their fields and the rest into `alert` (shown with
 * FormAlert); `toAlert` replaces that rule where a screen has its own.
 */
export function useServerForm<T extends FormValues, Out = T>(opts: {
  schema: LazySchema<Out>;
  defaultValues: T;
  fields: readonly (keyof T & string)[];
  onSubmit: (values: Out) => Promise<void>;
  toAlert?: (err: unknown) => string | null;
}) {
  type Name = keyof T & string;
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Name, FieldError>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // What the controlled fields show; every field's value also lives in `values` for the checks.
  const [shown, setShown] = useState<Partial<Record<Name, string>>>({});
  const values = useRef<T>({ ...opts.defaultValues });
  const elements = useRef(new Map<Name, HTMLInputElement>());
  const submitted = useRef(false);
  const busy = useRef(false);

  const setError = (name: Name, error: FieldError, options?: { shouldFocus?: boolean }) => {
    setErrors((previous) => ({ ...previous, [name]: { message: error.message } }));
    if (options?.shouldFocus) elements.current.get(name)?.focus();
  };

  /** After the first submit, a changed field is checked again and its error follows its value. */
  const revalidate = async (name: Name) => {
    if (!submitted.current) return;
    const result = await opts.schema.validate(values.current);
    const message = !result.ok && result.errors ? result.errors[name] : undefined;
    setErrors((previous) => ({ ...previous, [name]: message ? { message } : undefined }));
  };

  const change = (name: Name, value: FieldValue) => {
    values.current = { ...values.current, [name]: value };
    void revalidate(name);
  };

  function makeRegistration(name: Name): Registration {
    const initial = opts.defaultValues[name];
    return {
      name,
      ...(typeof initial === 'boolean' ? { defaultChecked: initial } : { defaultValue: initial }),
      ref: (element: HTMLInputElement | null) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        change(name, event.target.type === 'checkbox' ? event.target.checked : event.target.value),
    };
  }

  /** Props for an uncontrolled input: `<TextInput {...form.register('email')} />`. */
  const register = (name: Name) => makeRegistration(name);

  /** Props for a controlled text input that reports its value rather than an event (a masked phone). */
  const control = (name: Name) => ({
    name,
    value: shown[name] ?? String(opts.defaultValues[name] ?? ''),
    ref: register(name).ref,
    onChange: (value: string) => {
      change(name, value);
      setShown((previous) => ({ ...previous, [name]: value }));
    },
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await opts.schema.validate(values.current);
      if (!result.ok) {
        if (!result.errors) {
          setAlert(commonMessages.unexpectedError);
          return;
        }
        const found: Partial<Record<Name, FieldError>> = {};
        const invalid = opts.fields.filter((name) => {
          const message = result.errors[name];
          if (message) found[name] = { message };
          return !!message;
        });
        setErrors(found);
        if (invalid[0]) elements.current.get(invalid[0])?.focus();
        // A problem of the form as a whole (no field of its own) goes into the alert.
        else setAlert(Object.values(result.errors)[0] ?? commonMessages.unexpectedError);
        return;
      }
      setErrors({});
      setAlert(null);
      try {
        await opts.onSubmit(result.values);
      } catch (err) {
        setAlert(opts.toAlert ? opts.toAlert(err) : applyServerErrors(err, setError, opts.fields));
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const form = {
    register,
    control,
    setError,
    getValues: () => values.current,
    formState: { errors, isSubmitting },
  };
  return { form, alert, setAlert, submit };
}
