import type { BrandPictureProps } from './brand-picture';
// The explicit file: the type checker would take brand-files.ts (the native PNG table).
import { brandFiles } from './brand-files.web';

/**
 * BrandPicture draws one of the brand pictures as a plain <img> with its width and height: the
 * pre-rendered pages show it before any script runs and keep its place while it loads, and the
 * public pages' first load carries no image component (react-native-web's Image is not in it).
 */
export function BrandPicture({ name, height, alt }: BrandPictureProps) {
  const p = brandFiles[name];
  return <img src={p.source} width={Math.round((p.width * height) / p.height)} height={height} alt={alt ?? ''} />;
}
