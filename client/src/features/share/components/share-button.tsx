import { ShareMenu, type ShareMenuProps } from '@/components/ui/share-menu';

/**
 * Native share when available, otherwise Facebook, X (Twitter), LinkedIn and Copy link. The control is
 * the `ShareMenu` primitive so that feature lists (WorkoutList) can use it too (docs/decisions/0020);
 * the link helper `profileShareUrl` in the same module, the texts in lib/challenge-share.ts.
 */
export function ShareButton({ url, text, title, ...rest }: ShareMenuProps) {
  return <ShareMenu url={url} text={text} title={title} {...rest} />;
}
