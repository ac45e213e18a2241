import { render, screen } from '@testing-library/react-native';
import { StyleSheet, Text } from 'react-native';

import i18n from '@/i18n';
import { fontFamily } from '@/lib/fonts';

import { useEditorFont } from './editor-font';

describe('useEditorFont', () => {
  it("gives the console's editors the bundled font of the language", async () => {
    function Probe() {
      return <Text style={useEditorFont()}>x</Text>;
    }
    await i18n.changeLanguage('la');
    render(<Probe />);
    expect(StyleSheet.flatten(screen.getByText('x').props.style).fontFamily).toBe(fontFamily('la', false));
  });
});
