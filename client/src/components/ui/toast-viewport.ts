// Where toasts show (the real viewport in toaster.tsx and its stand-in in
// toast-region-placeholder.tsx): at the foot of the window, just above the bottom bars, which
// app/layout/app-layout.tsx measures into --bottom-bar-height (0 when there are none: from 1024 px
// and during a run); across the width on a phone, 420 px at the right from 768 px. At the top they
// hid the header (the avatar, the Profile tab) and the first lines of the screen (the timer's title
// and mute button). A little tighter on a phone, where the foot holds less.
// docs/decisions/0202-toasts-at-the-foot-and-polish.md
export const TOAST_VIEWPORT_CLASS =
  'fixed right-0 bottom-[var(--bottom-bar-height,0px)] z-[100] flex max-h-screen w-full flex-col gap-2 p-3 md:max-w-[420px] md:p-4';

/** The custom property app-layout.tsx sets on <html> to the height of the fixed bottom bars. */
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-height';
