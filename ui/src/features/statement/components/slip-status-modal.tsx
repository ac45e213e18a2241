import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';

/** SlipStatusModal: slip deposits are not built yet, and the modal says so. */
export function SlipStatusModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal
      visible={visible}
      title={t('statement.slipTitle')}
      onClose={onClose}
      footer={<Button title={t('common.close')} variant="secondary" onPress={onClose} />}
    >
      <AppText>{t('statement.slipComingSoon')}</AppText>
    </AppModal>
  );
}
