import { render, screen, within } from '@testing-library/react-native';
import { Text as SvgText } from 'react-native-svg';

import i18n from '@/i18n';
import { fontFamily } from '@/lib/fonts';

import { Wheel } from './wheel';

describe('Wheel', () => {
  it('draws the labels in the bundled bold font, readable without Thai or Lao system fonts', async () => {
    await i18n.changeLanguage('th');
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

  it('keeps the spin button out of the wheel image (an image holds nothing focusable)', () => {
    const slices = [{ code: 'A', label: 'A', bgColor: '#fff', textColor: '#000' }];
    render(<Wheel slices={slices} coins={3} spinning={false} onSpin={jest.fn()} label="Wheel" buttonLabel="Spin" buttonText="Spin" />);
    const image = screen.getByLabelText('Wheel');
    expect(image.props.role).toBe('img');
    expect(within(image).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
  });
});
