import { useRef, useState, type ComponentType } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { DeferredModule } from '@/lib/deferred-module';
import { t } from '@lingui/core/macro';

/**
 * A button that opens a dialog whose code loads on demand (the first press, or the pointer over
 * the button): `Dialog` once loaded, `open`, the button's ref, and where focus goes when it closes
 * (back to the button). A load that fails says so in a toast titled `failedTitle`.
 * docs/decisions/0068-lighthouse-leaderboard-and-profile.md, 0189-landing-chunks.md
 */
export function useDialogOnPress<P>(module: DeferredModule<ComponentType<P>>, failedTitle: string) {
  const [open, setOpen] = useState(false);
  // Rendered from this button's first open on, not as soon as any button loaded the code (a
  // board has a Report button per row).
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return {
    Dialog: opened ? module.peek() : undefined,
    open,
    setOpen,
    button,
    preload: () => void module.load().catch(() => undefined),
    openDialog: () => {
      module.load().then(
        () => {
          setOpened(true);
          setOpen(true);
        },
        () =>
          toast({
            title: failedTitle,
            description: t`Check your connection and try again.`,
            variant: 'destructive',
          }),
      );
    },
    returnFocus: (e: Event) => {
      e.preventDefault();
      button.current?.focus();
    },
  };
}
