import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LazySchema } from '../lazy-schema';
import { commonMessages } from '../messages';
import { applyServerErrors } from './form-errors';

type FieldError = { message: string };
type Field = HTMLInputElement | HTMLTextAreaElement;

/** The fields an uncontrolled input can hold: text and checkboxes. */
type InputName<T> = { [K in keyof T & string]: T[K] extends string | boolean ? K : never }[keyof T & string];

/** What `register` spreads onto an input or a textarea. */
interface Registration {
  name: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  ref: (element: Field | null) => void;
  onChange: (event: ChangeEvent<Field>) => void;
  onBlur: () => void;
}

/** An error key is a field's name or a path under it (`links.0.value`); it belongs to that field. */
const belongsTo = (key: string, name: string) => key === name || key.startsWith(`${name}.`);
const fieldOf = (key: string) => key.split('.')[0] ?? key;

/**
 * The product's one form system (docs/decisions/012-one-form-system.md): checked by its schema on
 * submit and, once submitted, again as each field changes; with `checkOnBlur`, a field is also
 * checked when it is left, and then as it changes. A failed request puts the server's field errors
 * on their fields and the rest into `alert` (shown with FormAlert); `toAlert` replaces that rule
 * where a screen has its own. Text fields stay uncontrolled (`register`); any other value — a
 * select, a number, an object, a list — is a controlled field (`control`).
 */
export function useServerForm<T extends object, Out = T>(opts: {
  schema: LazySchema<Out>;
  defaultValues: T;
  fields: readonly (keyof T & string)[];
  onSubmit: (values: Out) => Promise<void>;
  toAlert?: (err: unknown) => string | null;
  checkOnBlur?: boolean;
}) {
  type Name = keyof T & string;
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, FieldError>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // What the controlled fields show; every field's value also lives in `values` for the checks.
  const [shown, setShown] = useState<Partial<T>>({});
  const values = useRef<T>({ ...opts.defaultValues });
  const elements = useRef(new Map<string, HTMLElement>());
  const listeners = useRef(new Set<(values: T) => void>());
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const busy = useRef(false);
  // Handed to effects: the same functions for the life of the form.
  const [stable] = useState(() => ({
    getValues: () => values.current,
    /** Calls `listener` with the values after every change; returns the unsubscribe. */
    subscribe: (listener: (values: T) => void) => {
      listeners.current.add(listener);
      return () => void listeners.current.delete(listener);
    },
  }));

  const setError = (name: string, error: FieldError, options?: { shouldFocus?: boolean }) => {
    setErrors((previous) => ({ ...previous, [name]: { message: error.message } }));
    if (options?.shouldFocus) focus(name);
  };

  const focus = (key: string) => (elements.current.get(key) ?? elements.current.get(fieldOf(key)))?.focus();

  /** The errors of one field (and of the paths under it) follow its value. */
  const revalidate = async (name: Name) => {
    const result = await opts.schema.validate(values.current);
    const found = (!result.ok && result.errors) || {};
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(next)) if (belongsTo(key, name)) delete next[key];
      for (const [key, message] of Object.entries(found)) if (belongsTo(key, name)) next[key] = { message };
      return next;
    });
  };

  const change = (name: Name, value: unknown) => {
    values.current = { ...values.current, [name]: value };
    for (const listener of listeners.current) listener(values.current);
    if (submitted.current || touched.current.has(name)) void revalidate(name);
  };

  const leave = (name: Name) => {
    if (!opts.checkOnBlur) return;
    touched.current.add(name);
    void revalidate(name);
  };

  /** A callback ref that lets an error under `key` focus this element. */
  const elementRef = (key: string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  };

  /** Props for an uncontrolled input or textarea: `<TextInput {...form.register('email')} />`. */
  const register = (name: InputName<T>): Registration => {
    const initial = opts.defaultValues[name];
    return {
      name,
      ...(typeof initial === 'boolean' ? { defaultChecked: initial } : { defaultValue: String(initial) }),
      ref: elementRef(name),
      onChange: (event) => {
        const target = event.target;
        change(
          name,
          target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value,
        );
      },
      onBlur: () => leave(name),
    };
  };

  /** Props for a controlled field that reports its value rather than an event (select, number, mask). */
  const control = <N extends Name>(name: N) => ({
    name,
    value: (name in shown ? shown[name] : opts.defaultValues[name]) as T[N],
    ref: elementRef(name),
    onChange: (value: T[N]) => setValue(name, value),
    onBlur: () => leave(name),
  });

  /**
   * Records a value the page already shows without drawing the form again: an uncontrolled input
   * inside a list field, so that typing in it does not re-render every other field.
   */
  const update = <N extends Name>(name: N, value: T[N]) => change(name, value);

  /** Sets a controlled field as if the customer had changed it. */
  const setValue = <N extends Name>(name: N, value: T[N]) => {
    setShown((previous) => ({ ...previous, [name]: value }));
    change(name, value);
  };

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
        const found: Partial<Record<string, FieldError>> = {};
        const invalid: string[] = [];
        for (const name of opts.fields) {
          for (const [key, message] of Object.entries(result.errors)) {
            if (!belongsTo(key, name)) continue;
            found[key] = { message };
            invalid.push(key);
          }
        }
        setErrors(found);
        if (invalid[0]) focus(invalid[0]);
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
    setValue,
    update,
    setError,
    elementRef,
    getValues: stable.getValues,
    subscribe: stable.subscribe,
    formState: { errors, isSubmitting },
  };
  return { form, alert, setAlert, submit };
}

/** The `form` a `useServerForm` over values `T` hands out, for the parts of a form built apart. */
export type ServerForm<T extends object> = ReturnType<typeof useServerForm<T>>['form'];
