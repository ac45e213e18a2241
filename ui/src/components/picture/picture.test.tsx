// Picture on Android and iOS (jest resolves picture.native.tsx, as the native bundlers do): an SVG
// source is drawn by react-native-svg, any other by Image. picture.web.test.tsx covers the web.
import { act, render, screen } from '@testing-library/react-native';
import { Image } from 'react-native';
import { SvgUri, SvgXml } from 'react-native-svg';
import { LocalSvg } from 'react-native-svg/css';

import { Picture, svgSource } from './picture.native';

jest.mock('react-native-svg', () => {
  const { View } = jest.requireActual('react-native');
  return { SvgUri: jest.fn(() => <View />), SvgXml: jest.fn(() => <View />) };
});
jest.mock('react-native-svg/css', () => {
  const { View } = jest.requireActual('react-native');
  return { LocalSvg: jest.fn(() => <View />) };
});

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#3f9171"/></svg>';
// Bundled assets are numbers on native; what they resolve to says their type.
const assets: Record<number, string> = { 7: 'file:///assets/games/siamslot.svg', 8: 'file:///assets/images/icon.png' };

beforeEach(() => {
  jest.clearAllMocks();
  jest
    .spyOn(Image, 'resolveAssetSource')
    .mockImplementation((source) => ({ uri: assets[source as number], width: 1, height: 1, scale: 1 }));
});
afterEach(() => jest.restoreAllMocks());

describe('Picture on native', () => {
  it.each([
    ['a bundled SVG (the demo art)', 7, LocalSvg, { asset: 7 }],
    [
      'an SVG address (the simulated games)',
      { uri: 'http://127.0.0.1:8080/sim/img/SIAMSLOT.svg' },
      SvgUri,
      { uri: 'http://127.0.0.1:8080/sim/img/SIAMSLOT.svg' },
    ],
    ['an SVG data URL (the reward banners)', { uri: 'data:image/svg+xml,' + encodeURIComponent(svg) }, SvgXml, { xml: svg }],
    ['a base64 SVG data URL (the demo games)', { uri: 'data:image/svg+xml;base64,' + btoa(svg) }, SvgXml, { xml: svg }],
  ])('draws %s with react-native-svg', (_name, source, drawer, props) => {
    render(<Picture source={source} style={{ width: 120, height: 80 }} resizeMode="cover" testID="pic" accessibilityLabel="Siam Slot" />);
    expect(drawer).toHaveBeenCalledTimes(1);
    expect((drawer as jest.Mock).mock.calls[0][0]).toMatchObject({
      ...props,
      width: '100%',
      height: '100%',
      preserveAspectRatio: 'xMidYMid slice',
    });
    expect(screen.UNSAFE_queryAllByType(Image)).toHaveLength(0);
    // The box keeps the picture's size and its name.
    expect(screen.getByTestId('pic')).toHaveStyle({ width: 120, height: 80 });
    expect(screen.getByRole('image', { name: 'Siam Slot' })).toBeTruthy();
  });

  it.each([
    ['a PNG address', { uri: 'https://cdn.example/banner.png' }],
    ['a PNG data URL', { uri: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['a bundled PNG', 8],
  ])('draws %s with Image', (_name, source) => {
    render(<Picture source={source} style={{ width: 120, height: 80 }} testID="pic" />);
    expect(screen.getByTestId('pic').type).toBe('Image');
    expect(screen.getByTestId('pic').props.source).toEqual(source);
    for (const drawer of [SvgUri, SvgXml, LocalSvg]) expect(drawer).not.toHaveBeenCalled();
  });

  it('tries an uploaded picture that Image cannot draw as SVG', () => {
    const uri = 'https://ngern.example/api/objects/banner-1';
    render(<Picture source={{ uri }} style={{ width: 120, height: 80 }} resizeMode="contain" testID="pic" />);
    expect(SvgUri).not.toHaveBeenCalled();
    act(() => screen.getByTestId('pic').props.onError({ nativeEvent: { error: 'unknown image format' } }));
    expect((SvgUri as unknown as jest.Mock).mock.calls.at(-1)?.[0]).toMatchObject({ uri, preserveAspectRatio: 'xMidYMid meet' });
  });

  it('tells SVG sources from the rest', () => {
    expect(svgSource({ uri: '/img/A.svg?v=2' })).toEqual({ uri: '/img/A.svg?v=2' });
    expect(svgSource({ uri: '/img/a.svgz.png' })).toBeNull();
    expect(svgSource(undefined)).toBeNull();
  });
});
