import { t } from '@lingui/core/macro';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AvatarType, ProfilePicture } from '../hooks/use-profile-picture';
import { CameraSource, StockSource, UrlSource } from './avatar-source';

// The Edit Profile form's picture, in two places: the preview at the top with "Remove picture",
// and the sources below the other fields. Their state is ../hooks/use-profile-picture.ts's.

/** The picture as it will be saved, with "Remove picture" (or "Keep my picture" after it). */
export function PicturePreview({ picture }: { picture: ProfilePicture }) {
  const { removed } = picture;
  return (
    <div className="flex items-center gap-3">
      <UserAvatar src={picture.previewSrc} name={t`Current picture`} className="size-16" />
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          {removed
            ? t`Your picture will be removed when you save.`
            : t`Choose a picture from a link, your camera or our stock avatars.`}
        </p>
        {removed ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0"
            onClick={picture.undoRemove}
          >
            {t`Keep my picture`}
          </Button>
        ) : picture.canRemove ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start p-0 text-destructive"
            onClick={picture.removePicture}
          >
            {t`Remove picture`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The picture's sources as tabs: a URL, the camera, the stock avatars; `error` under the active one. */
export function PictureSources({ picture, error }: { picture: ProfilePicture; error?: string }) {
  const { avatarType, camera } = picture;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t`Profile picture`}</legend>
      <TabsPrimitive.Root
        value={avatarType}
        onValueChange={(v) => picture.chooseSource(v as AvatarType)}
      >
        <TabsList aria-label={t`Picture source`}>
          <TabsTrigger value="url">{t`URL`}</TabsTrigger>
          <TabsTrigger value="camera">{t`Camera`}</TabsTrigger>
          <TabsTrigger value="stock">{t`Stock`}</TabsTrigger>
        </TabsList>
        <TabsContent value="url">
          <UrlSource
            value={picture.urlDraft}
            error={avatarType === 'url' ? error : undefined}
            onChange={picture.changeUrl}
          />
        </TabsContent>
        <TabsContent value="camera">
          <CameraSource
            state={camera.state}
            photo={camera.photo}
            starting={camera.starting}
            videoRef={camera.attachVideo}
            onStart={() => void camera.start()}
            onStop={camera.stop}
            onCapture={picture.capture}
            onRetake={picture.retake}
          />
          {avatarType === 'camera' ? (
            <FieldError id="profile-picture-error" message={error} />
          ) : null}
        </TabsContent>
        <TabsContent value="stock">
          <StockSource value={picture.stockDraft} onChange={picture.changeStock} />
          {avatarType === 'stock' ? (
            <FieldError id="profile-picture-error" message={error} />
          ) : null}
        </TabsContent>
      </TabsPrimitive.Root>
    </fieldset>
  );
}
