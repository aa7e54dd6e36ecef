import { clsx, type ClassValue } from 'clsx';

// Plain clsx, not tailwind-merge: it saves 8 KB gzip on every page (docs/decisions/0003).
// Components therefore avoid passing classes that conflict with their base classes.
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
