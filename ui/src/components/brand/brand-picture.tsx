import { Image } from 'react-native';

import { brandPictures, type BrandPictureName } from './pictures';

export type BrandPictureProps = {
  name: BrandPictureName;
  /** height in px; the width follows the drawing's proportions. */
  height: number;
  /** alt names the picture (the lock-up: the app's name); without it the picture is decoration. */
  alt?: string;
};

/** BrandPicture draws one of the brand pictures (assets/brand) at the given height. */
export function BrandPicture({ name, height, alt }: BrandPictureProps) {
  const p = brandPictures[name];
  const width = Math.round((p.width * height) / p.height);
  return alt ? (
    <Image source={p.source} style={{ width, height }} resizeMode="contain" accessibilityLabel={alt} role="img" testID={`brand-${name}`} />
  ) : (
    <Image source={p.source} style={{ width, height }} resizeMode="contain" aria-hidden testID={`brand-${name}`} />
  );
}
