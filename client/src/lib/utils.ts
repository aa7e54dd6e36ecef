import { clsx, type ClassValue } from 'clsx';

// Plain clsx, not tailwind-merge: it keeps JS off every page (sizes: docs/benchmarks.md) (docs/decisions/0003).
// Components therefore avoid passing classes that conflict with their base classes.
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
