// Android's and iOS's Image cannot draw SVG, and the project's pictures are SVG: the demo games' and
// bonus art (assets/images), the simulated aggregator's game images (/img/CODE.svg) and the reward
// banners (data:image/svg+xml URLs). Picture draws an SVG source through react-native-svg and any
// other through Image; on the web (picture.tsx) it is Image, the browser drawing SVG itself.
import { useState } from 'react';
import { Image, View, type ImageProps, type ImageSourcePropType, type ImageURISource } from 'react-native';
import { SvgUri, SvgXml } from 'react-native-svg';
import { LocalSvg } from 'react-native-svg/css';

/** SvgSource is how an SVG picture is read: a bundled asset, its text, or its address. */
export type SvgSource = { asset: number } | { xml: string } | { uri: string } | null;

const svgData = /^data:image\/svg\+xml(;[^,]*)?,/i;
const svgPath = /\.svg(?:[?#]|$)/i;

/** svgSource tells an SVG source apart from a raster one (null): by its data URL's type or its file's extension. */
export function svgSource(source: ImageSourcePropType | undefined): SvgSource {
  if (typeof source === 'number') {
    return svgPath.test(Image.resolveAssetSource(source)?.uri ?? '') ? { asset: source } : null;
  }
  const uri = (Array.isArray(source) ? undefined : (source as ImageURISource | undefined))?.uri ?? '';
  const data = svgData.exec(uri);
  if (data) {
    const body = uri.slice(data[0].length);
    return { xml: /;base64/i.test(data[1] ?? '') ? atob(body) : decodeURIComponent(body) };
  }
  return svgPath.test(uri) ? { uri } : null;
}

// How an SVG fills its box for the Image's resize modes.
const aspect: Record<NonNullable<ImageProps['resizeMode']>, string> = {
  cover: 'xMidYMid slice',
  contain: 'xMidYMid meet',
  stretch: 'none',
  center: 'xMidYMid meet',
  repeat: 'xMidYMid meet',
  none: 'xMidYMid meet',
};

/**
 * Picture is Image for every source; an SVG one is drawn by react-native-svg in a box of the
 * Image's style, with its accessibility props. A remote picture whose address does not say SVG and
 * that Image cannot draw (an uploaded SVG) is tried as SVG once.
 */
export function Picture(props: ImageProps) {
  const { source, style, resizeMode = 'cover', testID, accessibilityLabel, accessibilityRole, alt } = props;
  const [asSvg, setAsSvg] = useState(false);
  let svg = svgSource(source);
  const uri = typeof source === 'number' || Array.isArray(source) ? '' : (source?.uri ?? '');
  if (!svg && asSvg) svg = { uri };
  if (!svg) {
    const remote = /^https?:/i.test(uri);
    return (
      <Image
        {...props}
        onError={(e) => {
          if (remote) setAsSvg(true);
          props.onError?.(e);
        }}
      />
    );
  }
  const label = accessibilityLabel ?? (alt || undefined);
  const draw = { width: '100%', height: '100%', preserveAspectRatio: aspect[resizeMode] };
  return (
    <View
      style={[{ overflow: 'hidden' }, style]}
      testID={testID}
      aria-hidden={props['aria-hidden']}
      accessible={!!label}
      accessibilityLabel={label}
      accessibilityRole={label ? (accessibilityRole ?? 'image') : undefined}
    >
      {'asset' in svg ? (
        <LocalSvg asset={svg.asset} {...draw} />
      ) : 'xml' in svg ? (
        <SvgXml xml={svg.xml} {...draw} />
      ) : (
        <SvgUri uri={svg.uri} {...draw} />
      )}
    </View>
  );
}
