import { AlertTriangle, Film, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { deferredModule } from '@/lib/deferred-module';
import { useDialogOnPress } from './use-dialog-on-press';
import { t } from '@lingui/core/macro';

export const WATCH_PROOF = 'Watch proof';
export const CLIP_ERROR_TEXT =
  'The clip could not be played. It may have been deleted, or its member may have made their clips private.';
/** CLIP_ERROR_TEXT in the page's language (the constant stays English for the features' tests). */
const clipErrorText = () =>
  t`The clip could not be played. It may have been deleted, or its member may have made their clips private.`;

/** Where a set's proof clip is read (GET /api/workouts/{id}/clip decides who may watch it). */
export const clipUrl = (workoutId: number) => `/api/workouts/${workoutId}/clip`;

/**
 * A verified set's proof clip, played inline (docs/decisions/0159-watch-proof.md): the video
 * element reads it itself (a ~600 KB WebM; no copy in the page's memory), says "Loading the
 * clip" until its first frame, and says why not with "Try again" when it cannot play.
 */
export function ProofClipPlayer({ workoutId, label }: { workoutId: number; label: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // A recorder's WebM has no duration in its header: the player would show no length and no
  // usable seek bar. Seeking past the end once makes the element read it; then back to 0.
  const findingEnd = useRef(false);
  const loaded = useRef(false);
  const backToStart = (v: HTMLVideoElement) => {
    findingEnd.current = false;
    v.currentTime = 0;
  };
  return (
    <div className="grid gap-2" data-testid="proof-clip" data-state={state}>
      <div className="relative overflow-hidden rounded-xl bg-black">
        <video
          key={attempt}
          src={`${clipUrl(workoutId)}${attempt > 0 ? `?try=${attempt}` : ''}`}
          controls
          playsInline
          muted
          preload="auto"
          aria-label={label}
          className="aspect-[4/3] w-full"
          onLoadedMetadata={(e) => {
            if (Number.isFinite(e.currentTarget.duration)) return;
            findingEnd.current = true;
            e.currentTarget.currentTime = 1e7;
          }}
          onDurationChange={(e) => {
            if (findingEnd.current && Number.isFinite(e.currentTarget.duration))
              backToStart(e.currentTarget);
          }}
          onSeeked={(e) => {
            // At the end without a length: played as it is.
            if (findingEnd.current) backToStart(e.currentTarget);
            else if (loaded.current) setState('ready');
          }}
          onLoadedData={() => {
            loaded.current = true;
            if (!findingEnd.current) setState('ready');
          }}
          onError={() => setState('error')}
        />
        {state === 'loading' ? (
          <div className="absolute inset-0 flex items-center justify-center gap-2 bg-black/60 text-sm text-white">
            <Spinner className="size-5" label={t`Loading the clip`} />
            <span aria-hidden="true">{t`Loading the clip…`}</span>
          </div>
        ) : null}
      </div>
      {state === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">{clipErrorText()}</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              setState('loading');
              loaded.current = false;
              findingEnd.current = false;
              setAttempt((a) => a + 1);
            }}
          >
            <RotateCcw aria-hidden="true" />
            {t`Try again`}
          </Button>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          {t`Recorded by the camera during the 90-second set, 160x120, without sound.`}
        </p>
      )}
    </div>
  );
}

/** "Watch proof": a button that opens the clip in a dialog (where the row itself is a link). */
export function WatchProofDialog({
  workoutId,
  title,
  description,
  name,
  compact = false,
}: {
  workoutId: number;
  title: string;
  description: string;
  /** The button's accessible name, starting with "Watch proof" (several rows have one). */
  name: string;
  /** On a phone, the icon alone (the name stays for screen readers). */
  compact?: boolean;
}) {
  const { Dialog, open, setOpen, button, preload, openDialog, returnFocus } = useDialogOnPress(
    proofClipDialog,
    t`Could not open the clip`,
  );
  return (
    <>
      <Button
        ref={button}
        type="button"
        size="sm"
        variant="outline"
        aria-label={name}
        title={t`Watch proof`}
        data-testid="watch-proof"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerOver={preload}
        onClick={openDialog}
      >
        <Film aria-hidden="true" />
        <span className={compact ? 'hidden sm:inline' : undefined}>{t`Watch proof`}</span>
      </Button>
      {Dialog ? (
        <Dialog
          workoutId={workoutId}
          title={title}
          description={description}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={returnFocus}
        />
      ) : null}
    </>
  );
}

// The dialog (Radix's dialog, its focus trap and scroll lock: about a third of what the boards'
// rows load) comes with the first press, or when the pointer is over the button; a board paints
// without it (docs/decisions/0189-landing-chunks.md).
const proofClipDialog = deferredModule(() =>
  import('./proof-clip-dialog').then((m) => m.ProofClipDialog),
);
