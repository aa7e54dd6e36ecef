import { t } from '@lingui/core/macro';
import { Camera, ImageOff, RefreshCw } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useState } from 'react';
import { STOCK_AVATARS } from '@common/avatars';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { useCamera } from '../hooks/use-camera';
import { isHttpUrl } from '../utils/picture-url';

export function UrlSource({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const preview = isHttpUrl(value.trim()) ? value.trim() : null;
  // The URL whose image failed to load (a typo, not an image, or gone).
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      <Field
        id="profile-picture"
        label={t`Picture URL`}
        error={error}
        hint={t`An https:// link to an image on a public web site.`}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://example.com/me.jpg"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      {preview && broken === preview ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ImageOff className="size-5 shrink-0" aria-hidden="true" />
          {t`No image could be loaded from this URL.`}
        </p>
      ) : preview ? (
        <div className="flex items-center gap-3">
          <img
            src={preview}
            referrerPolicy="no-referrer"
            alt={t`Preview of the picture URL`}
            className="size-20 rounded-full border border-border object-cover"
            onError={() => setBroken(preview)}
          />
          <span className="text-sm text-muted-foreground">{t`Preview`}</span>
        </div>
      ) : null}
    </div>
  );
}

type Camera = ReturnType<typeof useCamera>;

export function CameraSource({
  state,
  photo,
  starting,
  videoRef,
  onStart,
  onStop,
  onCapture,
  onRetake,
}: {
  state: Camera['state'];
  photo: string | null;
  starting: boolean;
  videoRef: Camera['attachVideo'];
  onStart: () => void;
  onStop: () => void;
  onCapture: () => void;
  onRetake: () => void;
}) {
  return (
    <div className="grid justify-items-center gap-3" data-camera-state={state}>
      {state === 'live' ? (
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          aria-label={t`Camera preview`}
          className="aspect-square w-full max-w-64 rounded-2xl bg-black object-cover"
        />
      ) : state === 'captured' && photo ? (
        <img
          src={photo}
          alt={t`Captured photo`}
          className="aspect-square w-full max-w-64 rounded-2xl object-cover"
        />
      ) : (
        <div className="flex aspect-square w-full max-w-64 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
          <Camera className="size-10" aria-hidden="true" />
        </div>
      )}
      <div className="flex w-full max-w-64 gap-2">
        {state === 'off' ? (
          <Button type="button" className="flex-1" onClick={onStart} disabled={starting}>
            {starting ? <Spinner label={t`Opening camera`} /> : <Camera aria-hidden="true" />}
            {t`Open Camera`}
          </Button>
        ) : state === 'live' ? (
          <>
            <Button type="button" variant="outline" className="flex-1" onClick={onStop}>
              {t`Close Camera`}
            </Button>
            <Button type="button" className="flex-1" onClick={onCapture}>
              {t`Capture`}
            </Button>
          </>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="flex-1"
            onClick={onRetake}
            disabled={starting}
          >
            <RefreshCw aria-hidden="true" />
            {t`Retake`}
          </Button>
        )}
      </div>
    </div>
  );
}

export function StockSource({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (url: string) => void;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-label={t`Stock avatars`}
      value={value ?? ''}
      onValueChange={onChange}
      className="grid grid-cols-4 gap-2"
    >
      {STOCK_AVATARS.map((a) => (
        <RadioGroupPrimitive.Item
          key={a.id}
          value={a.url}
          aria-label={sayShared(a.label)}
          className={cn(
            'group flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-transparent p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            'data-[state=checked]:border-primary data-[state=checked]:bg-accent',
          )}
        >
          <img
            src={a.url}
            alt={sayShared(a.label)}
            className="aspect-square w-full rounded-full bg-muted"
          />
          <span aria-hidden="true" className="text-xs font-medium">
            {sayShared(a.label)}
          </span>
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
