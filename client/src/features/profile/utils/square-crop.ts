/**
 * The centre square of a w x h frame, scaled down to at most `max` px a side: the source square
 * (sx, sy, side) and the output size for canvas drawImage.
 */
export function squareCrop(width: number, height: number, max: number) {
  const side = Math.min(width, height);
  return { sx: (width - side) / 2, sy: (height - side) / 2, side, out: Math.min(side, max) };
}
