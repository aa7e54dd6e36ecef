import { t } from '@lingui/core/macro';
import { Volume2, VolumeX } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { ACROSS } from './run-layout';

/**
 * The run screen's heading, one style for every challenge: the catalogue's title and "timer"
 * ("Burpees or Bust timer"; the plank's stopwatch too), whatever the clock
 * (docs/decisions/0197-the-end-of-a-run.md).
 */
export const timerTitle = (c: { title: string }) => {
  const title = sayShared(c.title) ?? c.title;
  return t`${title} timer`;
};

/** The heading and the mute toggle, at the top of every run. */
export function RunHeader({
  title,
  muted,
  onToggleMute,
}: {
  title: string;
  muted: boolean;
  onToggleMute: () => void;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-2', ACROSS)}>
      <h1 className="text-xl font-extrabold tracking-tight text-balance">
        {/* Lines break between words, never at a word's own hyphen ("Push-|up"). */}
        {title.split(' ').map((word, i) => (
          <Fragment key={i}>
            {i > 0 ? ' ' : null}
            <span className="whitespace-nowrap">{word}</span>
          </Fragment>
        ))}
      </h1>
      <SimpleTooltip
        content={muted ? t`Sound off: tap to turn voice and beeps on` : t`Sound on: tap to mute`}
      >
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-pressed={muted}
          aria-label={t`Mute voice and sound`}
          onClick={onToggleMute}
          data-testid="mute-toggle"
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </Button>
      </SimpleTooltip>
    </div>
  );
}
