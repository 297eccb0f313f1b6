// Controlled form fields checked with a contracts schema (the same one the server applies).
// Schema issues carry `validation.*` message keys; they are translated here, per field.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The part of a zod schema a form needs, so this module does not depend on zod itself. */
export interface FormSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: SchemaIssue[] } };
}

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/** What `field(name)` spreads onto a Mantine input. */
export interface FieldProps {
  name: string;
  value: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  error: string | undefined;
}

/** The first issue of each field, as message keys. */
function fieldErrors<Values>(issues: readonly SchemaIssue[]): FieldErrors<Values> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<Values>;
}

export function useSchemaForm<Values extends Record<string, string>, Output>(
  schema: FormSchema<Output>,
  initialValues: Values,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  function setValue(name: keyof Values & string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  /** Props for a Mantine input: its value, its change handler and its translated error. */
  function field(name: keyof Values & string): FieldProps {
    const error = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value),
      error: error ? t(error) : undefined,
    };
  }

  /** A submit handler that calls onValid with the parsed values, or shows the issues. */
  function onSubmit(onValid: (data: Output) => void | Promise<void>) {
    return (event: FormEvent) => {
      event.preventDefault();
      const result = schema.safeParse(values);
      if (!result.success) {
        setErrors(fieldErrors<Values>(result.error.issues));
        return;
      }
      setErrors({});
      void onValid(result.data);
    };
  }

  return { values, setValue, field, errors, setErrors, onSubmit };
}
