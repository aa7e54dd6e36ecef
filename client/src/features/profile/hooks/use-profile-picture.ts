import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { isStockAvatarUrl } from '@common/avatars';
import type { UpdateProfileData, UpdateProfileInput } from '@common/schemas/profile';
import { isHttpUrl } from '../utils/picture-url';
import { useCamera } from './use-camera';

export type AvatarType = 'url' | 'camera' | 'stock';

type ProfileForm = UseFormReturn<UpdateProfileInput, unknown, UpdateProfileData>;

function initialAvatarType(picture: string | null): AvatarType {
  if (picture && isStockAvatarUrl(picture)) return 'stock';
  return 'url';
}

/**
 * The Edit Profile form's picture: the active source (a URL, the camera or a stock avatar), each
 * source's draft, and "Remove picture". The form's `profilePicture` is the active source's choice;
 * undefined leaves the saved picture as it is, null removes it.
 */
export function useProfilePicture(form: ProfileForm, saved: string | null) {
  const camera = useCamera();
  const [avatarType, setAvatarType] = useState<AvatarType>(initialAvatarType(saved));
  const [urlDraft, setUrlDraft] = useState(saved && isHttpUrl(saved) ? saved : '');
  const [stockDraft, setStockDraft] = useState(saved && isStockAvatarUrl(saved) ? saved : null);
  // "Remove picture" was pressed: the picture is sent as null (and nothing shows) until undone.
  const [removed, setRemoved] = useState(false);

  // The picture sent is the active source's choice; an empty choice leaves the picture as it is.
  const setPicture = (
    type: AvatarType,
    drafts: { url?: string; photo?: string | null; stock?: string | null },
  ) => {
    setRemoved(false);
    const value =
      type === 'url'
        ? drafts.url?.trim() || undefined
        : type === 'camera'
          ? (drafts.photo ?? undefined)
          : (drafts.stock ?? undefined);
    form.setValue('profilePicture', value, { shouldValidate: form.formState.isSubmitted });
  };
  const drafts = { url: urlDraft, photo: camera.photo, stock: stockDraft };

  const chooseSource = (type: AvatarType) => {
    setAvatarType(type);
    if (type !== 'camera') camera.stop();
    setPicture(type, { ...drafts, photo: type === 'camera' ? camera.photo : null });
  };

  const removePicture = () => {
    camera.stop();
    setUrlDraft('');
    setStockDraft(null);
    setRemoved(true);
    form.setValue('profilePicture', null);
    form.clearErrors('profilePicture');
  };
  const undoRemove = () => {
    setRemoved(false);
    form.setValue('profilePicture', undefined);
  };

  const pictureValue = useWatch({ control: form.control, name: 'profilePicture' });
  // Only a picture that can be shown: a half-typed or refused URL is never loaded.
  const previewSrc = removed
    ? null
    : pictureValue &&
        (isHttpUrl(pictureValue) ||
          isStockAvatarUrl(pictureValue) ||
          pictureValue.startsWith('data:image/'))
      ? pictureValue
      : saved;

  return {
    camera,
    avatarType,
    urlDraft,
    stockDraft,
    removed,
    previewSrc,
    /** Whether there is a picture to remove: the saved one, or one chosen here. */
    canRemove: Boolean(saved || pictureValue),
    chooseSource,
    changeUrl: (url: string) => {
      setUrlDraft(url);
      setPicture('url', { url });
    },
    changeStock: (stock: string | null) => {
      setStockDraft(stock);
      setPicture('stock', { stock });
    },
    capture: () => {
      const photo = camera.capture();
      if (photo) setPicture('camera', { photo });
    },
    retake: () => {
      camera.retake();
      setPicture('camera', { photo: null });
    },
    removePicture,
    undoRemove,
    /** Why the picture cannot be sent (a URL that is not https:), or null. */
    submitProblem: (value: string | null | undefined) =>
      avatarType === 'url' && value && !isHttpUrl(value)
        ? t`The picture URL must start with https://.`
        : null,
  };
}

export type ProfilePicture = ReturnType<typeof useProfilePicture>;
