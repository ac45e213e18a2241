// Text drawn outside AppText (the wheel's SVG labels, the chat composer, the console's editors)
// uses the bundled Thai and Lao fonts too: a device without them reads the text all the same.
import { render, screen } from '@testing-library/react-native';
import { StyleSheet, Text } from 'react-native';
import { Text as SvgText } from 'react-native-svg';

import { useEditorFont } from '@/features/operator/components/editor-font';
import { Wheel } from '@/features/spin/components/wheel';
import i18n from '@/i18n';

import { fontFamily } from './fonts';

describe('bundled fonts outside AppText', () => {
  beforeEach(() => i18n.changeLanguage('th'));

  it('draws the wheel labels in the bundled bold font', () => {
    const slices = [
      { code: 'A', label: 'รางวัลใหญ่', bgColor: '#fff', textColor: '#000' },
      { code: 'B', label: 'ລາງວັນ', bgColor: '#000', textColor: '#fff' },
    ];
    const { UNSAFE_getAllByType } = render(
      <Wheel slices={slices} coins={1} spinning={false} onSpin={jest.fn()} label="Wheel" buttonLabel="Spin" buttonText="Spin" />,
    );
    const labels = UNSAFE_getAllByType(SvgText);
    expect(labels).toHaveLength(2);
    for (const label of labels) expect(label.props.fontFamily).toBe(fontFamily('th', true));
  });

  it('gives the console editors the bundled font of the language', async () => {
    function Probe() {
      return <Text style={useEditorFont()}>x</Text>;
    }
    await i18n.changeLanguage('la');
    render(<Probe />);
    expect(StyleSheet.flatten(screen.getByText('x').props.style).fontFamily).toBe(fontFamily('la', false));
  });
});
