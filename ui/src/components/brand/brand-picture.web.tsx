import type { BrandPictureProps } from './brand-picture';

/**
 * BrandPicture draws one of the brand pictures as a plain <img> with its width and height: the
 * pre-rendered pages show it before any script runs and keep its place while it loads, and the
 * public pages' first load carries no image component (react-native-web's Image is not in it).
 */
export function BrandPicture({ art, height, alt }: BrandPictureProps) {
  const width = Math.round((art.width * height) / art.height);
  return <img src={art.source as string} width={width} height={height} alt={alt ?? ''} data-testid={`brand-${art.name}`} />;
}
