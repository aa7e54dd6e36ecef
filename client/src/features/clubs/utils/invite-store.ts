// The invite code of each club this device made or regenerated: the server keeps only its hash
// (docs/decisions/0164-clubs.md), so an admin sees the link again only where it was made.
const KEY = 'fitbench.clubInvites';

function read(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(all: Record<string, string>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or off: the link is shown once, as if on another device.
  }
}

export const rememberedInvite = (slug: string): string | null => read()[slug] ?? null;

export function rememberInvite(slug: string, code: string) {
  write({ ...read(), [slug]: code });
}

export function forgetInvite(slug: string) {
  const all = read();
  delete all[slug];
  write(all);
}
