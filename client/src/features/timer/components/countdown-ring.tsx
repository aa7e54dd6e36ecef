import type { ReactNode } from 'react';

const R = 45;
const C = 2 * Math.PI * R;

/** The circular countdown: a ring that empties as the run goes on, with its content in the middle. */
export function CountdownRing({
  fraction,
  animate,
  sizeClassName = 'w-full max-w-[17rem]',
  children,
}: {
  fraction: number;
  animate: boolean;
  /** The ring's width (it is square); the run screen sizes it by the window's height. */
  sizeClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative mx-auto aspect-square ${sizeClassName}`}>
      <svg
        viewBox="0 0 100 100"
        className="size-full -rotate-90"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="50" cy="50" r={R} fill="none" strokeWidth="7" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={R}
          fill="none"
          strokeWidth="7"
          strokeLinecap="round"
          strokeDasharray={C}
          strokeDashoffset={C * (1 - Math.min(1, Math.max(0, fraction)))}
          className="stroke-primary"
          style={{ transition: animate ? 'stroke-dashoffset 1s linear' : undefined }}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">{children}</div>
    </div>
  );
}
