// The posters of the server's bundled how-to videos (adapters/howtovideos). The prefix is generated
// from core/settings/howto.go, whose HowtoPoster says the same. Only the how-to players import
// this (the console's preview has its own generated copy of the prefix): a module shared by two
// route chunks would join the web's first load.
import { howtoVideoPrefix } from './howto-media.generated';

/** posterFor is the poster of a bundled video's path (its first frame, WebP), or undefined for any other link. */
export function posterFor(url: string): string | undefined {
  const bundled = url.startsWith(howtoVideoPrefix) && url.endsWith('.mp4');
  return bundled ? url.replace(/\.mp4$/, '.webp') : undefined;
}
