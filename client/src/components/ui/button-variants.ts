import { cva } from 'class-variance-authority';

// Apart from button.tsx so that a link styled as a button (the header's, the catalogue's) does not
// bring Radix's Slot (Button's asChild) into the first script (docs/decisions/0061-js-budget-on-root.md).
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        /** A destructive action that is not the screen's main one (Delete beside Share and Close). */
        destructiveOutline:
          'border border-destructive/50 bg-card text-destructive hover:bg-destructive/10',
        outline: 'border border-border bg-card hover:bg-muted',
        secondary: 'bg-muted text-foreground hover:bg-muted/70',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-11 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        /** As lg, but grows to a second line where a long label (a challenge's title) needs one:
         *  wrap the label in a `whitespace-normal` span. */
        lgWrap: 'min-h-12 px-6 py-2.5 text-base',
        icon: 'h-11 w-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
