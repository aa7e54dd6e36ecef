import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from './input';
import { t } from '@lingui/core/macro';

/**
 * A password input with a button that shows what was typed (and hides it again), so a member on a
 * phone can check a password before sending it. The button's name says what it will do ("Show
 * password" / "Hide password"), in text a screen reader reads rather than an aria-label, so a
 * search for the field by its label finds the input alone.
 * docs/decisions/0202-toasts-at-the-foot-and-polish.md
 */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={shown ? 'text' : 'password'}
        className={`pr-12 ${className ?? ''}`}
        {...props}
      />
      <button
        type="button"
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
        disabled={props.disabled}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer [&_svg]:size-5"
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        <span className="sr-only">{shown ? t`Hide password` : t`Show password`}</span>
      </button>
    </div>
  );
}
