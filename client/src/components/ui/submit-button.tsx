import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** While the request runs: the button is disabled and shows a spinner named `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
}

/** A form's submit button: one press per request, and a spinner a screen reader can name. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Spinner label={pendingLabel} /> : null}
      {children}
    </Button>
  );
}
