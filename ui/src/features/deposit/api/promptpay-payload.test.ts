// Reads the server's PromptPay payloads (core/deposit/testdata, kept equal to what the Go builder
// makes by a Go test) with an independent EMVCo decoder.
import { parse } from 'promptparse';

import payloads from '../../../../../core/deposit/testdata/promptpay-payloads.json';

describe('PromptPay payloads of the server', () => {
  it.each(payloads)('$target $amount decodes with promptparse', ({ amount, tag, value, payload }) => {
    const qr = parse(payload, true, true);
    expect(qr).not.toBeNull();
    expect(qr!.validate('63')).toBe(true); // the CRC
    expect(qr!.getTagValue('00')).toBe('01');
    expect(qr!.getTagValue('01')).toBe('12'); // dynamic: one payment
    expect(qr!.getTagValue('29', '00')).toBe('A000000677010111');
    expect(qr!.getTagValue('29', tag)).toBe(value);
    expect(qr!.getTagValue('53')).toBe('764');
    expect(qr!.getTagValue('58')).toBe('TH');
    expect(qr!.getTagValue('54')).toBe(amount);
  });

  it('refuses a payload whose CRC is wrong', () => {
    const bad = payloads[0].payload.slice(0, -4) + '0000';
    expect(parse(bad, true)).toBeNull();
  });
});
