// The server's bundled how-to videos (adapters/howtovideos): where each is and its poster. The
// prefix is generated from core/settings/howto.go, whose BundledHowtoVideo and HowtoPoster say
// the same as these.
import { howtoVideoPrefix } from './howto-media.generated';

/** bundledHowtoVideo is the path of the server's bundled video in lng (th, la, en). */
export function bundledHowtoVideo(lng: string, video: string): string {
  return `${howtoVideoPrefix}${lng}/${video}.mp4`;
}

/** posterFor is the poster of a bundled video's path (its first frame, WebP), or undefined for any other link. */
export function posterFor(url: string): string | undefined {
  const bundled = url.startsWith(howtoVideoPrefix) && url.endsWith('.mp4');
  return bundled ? url.replace(/\.mp4$/, '.webp') : undefined;
}
