import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { FieldError, Label } from './label';

/** What a field gives its control so that the label, the hint and the error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  /** A short help text under the control (kept while an error shows). */
  hint?: ReactNode;
  className?: string;
  /** The control (input, select, textarea...), given the ids and aria state it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, hint and error message, each wired to the control by id, so
 * that every form in the app reads the same to a screen reader and looks the same.
 */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'grid content-start gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/**
 * The common case: a labelled text input with its hint and error. A `type="password"` field gets a
 * Show password button (password-input.tsx).
 */
export function FormField({ id, label, error, hint, className, type, ...props }: FormFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) =>
        type === 'password' ? (
          <PasswordInput className={className} {...control} {...props} />
        ) : (
          <Input className={className} type={type} {...control} {...props} />
        )
      }
    </Field>
  );
}
