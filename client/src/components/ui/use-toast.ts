import { useSyncExternalStore, type ReactNode } from 'react';

// A tiny toast store (as shadcn's): at most one toast is shown at a time (docs/product.md#states).
export const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 1000;

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: ReactNode;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(
    () => emit(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))),
    REMOVE_DELAY_MS,
  );
}

export function toast(input: ToastInput) {
  counter += 1;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
