import { Image, type ImageSourcePropType } from 'react-native';

import type { Art } from './art';

export type BrandPictureProps = {
  art: Art;
  /** height in px; the width follows the drawing's proportions. */
  height: number;
  /** alt names the picture (the lock-up: the app's name); without it the picture is decoration. */
  alt?: string;
};

/** BrandPicture draws one of the brand pictures (assets/brand) at the given height. */
export function BrandPicture({ art, height, alt }: BrandPictureProps) {
  const style = { width: Math.round((art.width * height) / art.height), height };
  const source = art.source as ImageSourcePropType;
  return alt ? (
    <Image source={source} style={style} resizeMode="contain" accessibilityLabel={alt} role="img" testID={`brand-${art.name}`} />
  ) : (
    <Image source={source} style={style} resizeMode="contain" aria-hidden testID={`brand-${art.name}`} />
  );
}
