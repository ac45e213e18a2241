import { Image } from 'react-native';

import { brandFiles } from './brand-files';

export type BrandPictureProps = {
  name: keyof typeof brandFiles;
  /** height in px; the width follows the drawing's proportions. */
  height: number;
  /** alt names the picture (the lock-up: the app's name); without it the picture is decoration. */
  alt?: string;
};

/** BrandPicture draws one of the brand pictures (assets/brand) at the given height. */
export function BrandPicture({ name, height, alt }: BrandPictureProps) {
  const p = brandFiles[name];
  const style = { width: Math.round((p.width * height) / p.height), height };
  return alt ? (
    <Image source={p.source} style={style} resizeMode="contain" accessibilityLabel={alt} role="img" testID={`brand-${name}`} />
  ) : (
    <Image source={p.source} style={style} resizeMode="contain" aria-hidden testID={`brand-${name}`} />
  );
}
