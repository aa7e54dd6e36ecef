import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';

interface FormFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input with its error message under it. */
export function FormField({ id, label, error, ...props }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
