// The looks chunk: bank badges, skeletons and the project's pictures, loaded by a dynamic import
// (components/looks/index.tsx). Many routes show them, and a module that two routes import statically
// is hoisted into the shared chunk that every page, /login included, loads (docs/ui.md).
import { type ImageStyle, type StyleProp } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { BankBadge } from '@/components/bank-badge';
import { Skeleton, type SkeletonBlock } from '@/components/ui/skeleton';
import { bonusPicture, gamePicture } from '@/lib/pictures';

export type LookProps =
  | { kind: 'bank'; code: string; size?: number }
  | { kind: 'skeleton'; blocks: SkeletonBlock[]; columns?: number; style?: StyleProp<ImageStyle>; testID?: string }
  | { kind: 'game'; code: string; category?: string | null; style: StyleProp<ImageStyle>; decorative?: boolean }
  | { kind: 'bonus'; style: StyleProp<ImageStyle> };

const noUrl = (path: string) => path;

/** Look draws one of the looks; the game and bonus pictures are the fallbacks of pictures without one of their own. */
export default function Look(props: LookProps) {
  switch (props.kind) {
    case 'bank':
      return <BankBadge code={props.code} size={props.size} />;
    case 'skeleton':
      return <Skeleton blocks={props.blocks} columns={props.columns} style={props.style} testID={props.testID} />;
    case 'game':
      return (
        <Picture
          source={gamePicture(props, '', noUrl)}
          style={props.style}
          resizeMode="cover"
          aria-hidden={props.decorative}
          alt=""
          testID="art-game"
        />
      );
    case 'bonus':
      return <Picture source={bonusPicture} style={props.style} resizeMode="cover" aria-hidden testID="art-bonus" />;
  }
}
