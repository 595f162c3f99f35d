import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { applyServerErrors } from './form-errors';

/**
 * A react-hook-form form whose failed submit puts the server's field errors on their fields and the
 * rest into `alert` (shown with FormAlert); `toAlert` replaces that rule where a screen has its own.
 */
export function useServerForm<T extends FieldValues>(opts: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  fields: readonly Path<T>[];
  onSubmit: (values: T) => Promise<void>;
  toAlert?: (err: unknown) => string | null;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<T>({ resolver: opts.resolver, defaultValues: opts.defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await opts.onSubmit(values);
    } catch (err) {
      setAlert(opts.toAlert ? opts.toAlert(err) : applyServerErrors(err, form.setError, opts.fields));
    }
  });
  return { form, alert, setAlert, submit };
}
