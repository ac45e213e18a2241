import { sanitizeAmount } from '@/lib/amount';

import { TextField, type TextFieldProps } from './text-field';

type Props = Omit<TextFieldProps, 'onChangeText' | 'keyboardType' | 'inputMode' | 'value'> & {
  value: string;
  onChangeText: (value: string) => void;
};

/** AmountField is a labelled amount input: decimal keyboard, digits and at most 2 decimals. */
export function AmountField({ value, onChangeText, ...rest }: Props) {
  return (
    <TextField
      value={value}
      onChangeText={(text) => onChangeText(sanitizeAmount(text))}
      keyboardType="decimal-pad"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      {...rest}
    />
  );
}
