import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** A user's picture, or a default icon when there is none or it fails to load. */
export function UserAvatar({
  src,
  name,
  className,
}: {
  src?: string | null;
  name: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && failed !== src;
  return (
    <span
      className={cn(
        'relative flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground',
        className,
      )}
    >
      {show ? (
        <img
          src={src}
          alt={name}
          // A picture on another host must not learn which page of ours showed it.
          referrerPolicy="no-referrer"
          className="aspect-square size-full object-cover"
          onError={() => setFailed(src)}
        />
      ) : (
        <>
          <UserRound className="size-1/2" aria-hidden="true" />
          <span className="sr-only">{name}</span>
        </>
      )}
    </span>
  );
}
