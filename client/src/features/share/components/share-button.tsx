import { APP_NAME } from '@common/constants';
import { ShareMenu, type ShareMenuProps } from '@/components/ui/share-menu';

/** The public profile a share links to (visitors can open it, decision 3). */
export const profileShareUrl = (username: string) =>
  `${window.location.origin}/90second/users/${encodeURIComponent(username)}`;

export const pushupShareText = (pushups: number) =>
  `I did ${pushups} push-up${pushups === 1 ? '' : 's'} in 90 seconds on ${APP_NAME}`;

export const SHARE_TITLE = `${APP_NAME}: 90 Second Push-up Challenge`;

/** Native share when available, otherwise Facebook, Twitter, LinkedIn and Copy link (docs/decisions/0300). */
export function ShareButton({ url, text, title, ...rest }: ShareMenuProps) {
  return <ShareMenu url={url} text={text} title={title} {...rest} />;
}
