import { ExternalLink, Link2, Share2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { sharedInMyLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { Button, type ButtonProps } from './button';
import { toast } from './use-toast';
import { t } from '@lingui/core/macro';

export interface ShareMenuProps {
  url: string;
  text: string;
  title: string;
  label?: string;
  /** The button's icon (Share2 unless given). */
  icon?: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
  variant?: ButtonProps['variant'];
  className?: string;
}

/**
 * What FitBench shares: the user's public profile (visitors can open it,
 * docs/product.md#public-and-personal-data) and the result (lib/challenge-share.ts says it).
 */
export const profileShareUrl = (username: string) =>
  sharedInMyLanguage(`${window.location.origin}${paths.publicProfile.getHref(username)}`);

/** The share-intent pages of each network (opened in a new tab). */
export function shareIntents(url: string, text: string) {
  const u = encodeURIComponent(url);
  const said = encodeURIComponent(text);
  return [
    {
      name: 'Facebook',
      icon: ExternalLink,
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    },
    {
      // The network has been called X since 2023; its old name stays beside the new one, as the
      // specification lists it (docs/decisions/0202-toasts-at-the-foot-and-polish.md).
      name: 'X (Twitter)',
      icon: ExternalLink,
      href: `https://x.com/intent/tweet?text=${said}&url=${u}`,
    },
    {
      name: 'LinkedIn',
      icon: ExternalLink,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
  ];
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-HTTP origins have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export async function copyLink(url: string) {
  try {
    await copyText(url);
    toast({ title: t`Link copied` });
  } catch {
    toast({ title: t`Could not copy the link`, description: url, variant: 'destructive' });
  }
}

const canShareNatively = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Native share where the browser has it (phones); otherwise a menu with Facebook, X (Twitter),
 * LinkedIn and Copy link (spec: Share control).
 */
export function ShareMenu({
  url,
  text,
  title,
  label: givenLabel,
  icon: Icon = Share2,
  variant = 'outline',
  className,
}: ShareMenuProps) {
  const label = givenLabel ?? t`Share`;
  if (canShareNatively()) {
    const share = async () => {
      try {
        await navigator.share({ url, text, title });
      } catch (err) {
        // AbortError: the user closed the sheet. Anything else: offer the link instead.
        if ((err as DOMException)?.name !== 'AbortError') await copyLink(url);
      }
    };
    return (
      <Button type="button" variant={variant} className={className} onClick={() => void share()}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  }
  const itemClass =
    'flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-muted [&_svg]:size-4';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant={variant} className={className}>
          <Icon aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          sideOffset={4}
          align="center"
          className={cn('z-50 min-w-48 rounded-xl border border-border bg-card p-1 shadow-lg')}
        >
          {shareIntents(url, text).map(({ name, icon: Icon, href }) => (
            <DropdownMenu.Item key={name} asChild className={itemClass}>
              <a href={href} target="_blank" rel="noopener noreferrer">
                <Icon aria-hidden="true" />
                {name}
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink(url)}>
            <Link2 aria-hidden="true" />
            {t`Copy link`}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
