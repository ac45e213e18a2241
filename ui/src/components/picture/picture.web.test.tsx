// Picture on the web (picture.tsx; jest resolves picture.native.tsx by default) is React Native Web's
// Image itself: the browser draws SVG, and the web bundles take nothing of react-native-svg.
import fs from 'node:fs';
import path from 'node:path';

import { Image } from 'react-native';

const { Picture } = jest.requireActual<typeof import('./picture')>('./picture.tsx');

describe('Picture on the web', () => {
  it('is Image', () => {
    expect(Picture).toBe(Image);
  });

  it('imports no react-native-svg', () => {
    expect(fs.readFileSync(path.join(__dirname, 'picture.tsx'), 'utf8')).not.toMatch(/from ['"]react-native-svg/);
  });
});
