// The project's own pictures (ui/assets/images/games and bonus: flat SVG art drawn for Ngern, no
// text and no third-party marks; docs/ui.md "Look"). A game or bonus with a picture of its own shows
// that; these fill in where there is none, so no card is a blank block.
import type { ImageSourcePropType } from 'react-native';

/* eslint-disable @typescript-eslint/no-require-imports -- Metro turns an asset require into its URL */
const demoGames: Record<string, ImageSourcePropType> = {
  SIAMSLOT: require('../../assets/images/games/siamslot.svg'),
  NAGAGOLD: require('../../assets/images/games/nagagold.svg'),
  ELEPHANT: require('../../assets/images/games/elephant.svg'),
  MEKONG: require('../../assets/images/games/mekong.svg'),
  MUAYBET: require('../../assets/images/games/muaybet.svg'),
  KICKOFF: require('../../assets/images/games/kickoff.svg'),
  HUAYTHAI: require('../../assets/images/games/huaythai.svg'),
  LAOLOTTO: require('../../assets/images/games/laolotto.svg'),
};
const defaultGame: ImageSourcePropType = require('../../assets/images/games/default.svg');
/** bonusPicture is a bonus card's picture when the operator gave the bonus no banner. */
export const bonusPicture: ImageSourcePropType = require('../../assets/images/bonus/default.svg');
/* eslint-enable @typescript-eslint/no-require-imports */

// A game of another catalogue without a picture takes a demo game's of its category.
const byCategory: Record<string, string> = { slot: 'SIAMSLOT', sport: 'KICKOFF', lotto: 'HUAYTHAI' };

/**
 * gamePicture is the picture of a game: its own (a server path or data URL) when it has one, else
 * the demo catalogue's art for its code, else its category's, else the default.
 */
export function gamePicture(
  game: { code: string; category?: string | null },
  own: string | null | undefined,
  url: (path: string) => string,
): ImageSourcePropType {
  if (own) return { uri: url(own) };
  const code = game.code.toUpperCase();
  return demoGames[code] ?? demoGames[byCategory[game.category ?? ''] ?? ''] ?? defaultGame;
}
