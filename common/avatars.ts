// The 8 stock avatars shipped with the client (client/public/avatars/stock); docs/product.md#profile-picture.
export interface StockAvatar {
  id: string;
  label: string;
  url: string;
}

const stock = (id: string, label: string): StockAvatar => ({
  id,
  label,
  url: `/avatars/stock/${id}.svg`,
});

export const STOCK_AVATARS: readonly StockAvatar[] = [
  stock('sprinter', 'Sprinter'),
  stock('lifter', 'Lifter'),
  stock('yogi', 'Yogi'),
  stock('boxer', 'Boxer'),
  stock('cyclist', 'Cyclist'),
  stock('swimmer', 'Swimmer'),
  stock('climber', 'Climber'),
  stock('coach', 'Coach'),
];

const STOCK_URLS = new Set(STOCK_AVATARS.map((a) => a.url));

export function isStockAvatarUrl(url: string): boolean {
  return STOCK_URLS.has(url);
}
