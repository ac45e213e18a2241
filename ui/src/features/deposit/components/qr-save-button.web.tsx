// Web: "Save image" downloads the QR card as a PNG (save-qr.web.ts).
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { fontFamily } from '@/lib/fonts';

import { useDepositT } from '../i18n';
import type { CardLayout } from '../qr-card';
import { saveQrCard } from '../save-qr.web';

export type QrSaveButtonProps = { card: () => CardLayout; fileName: string };

export function QrSaveButton({ card, fileName }: QrSaveButtonProps) {
  const { t: d, i18n } = useDepositT();
  const toast = useToast();
  const save = async () => {
    try {
      await saveQrCard(card(), fileName, (bold) => fontFamily(i18n.language, bold) ?? 'sans-serif');
    } catch {
      toast(d('qrSaveFailed'), 'error');
    }
  };
  return <Button title={d('qrSave')} variant="secondary" onPress={save} />;
}
