import type { BrandPictureProps } from './brand-picture';
// The explicit file: the type checker would take pictures.ts (the native PNG table).
import { brandPictures } from './pictures.web';

/**
 * BrandPicture draws one of the brand pictures as a plain <img> with its width and height: the
 * pre-rendered pages show it before any script runs and keep its place while it loads, and the
 * public pages' first load carries no image component (react-native-web's Image is not in it).
 */
export function BrandPicture({ name, height, alt }: BrandPictureProps) {
  const p = brandPictures[name];
  const width = Math.round((p.width * height) / p.height);
  return (
    <img
      src={p.source}
      width={width}
      height={height}
      alt={alt ?? ''}
      data-testid={`brand-${name}`}
      style={{ display: 'block', flexShrink: 0 }}
    />
  );
}
