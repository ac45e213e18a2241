import { useTranslation } from 'react-i18next';

import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';

import { useAgreementGate } from '../hooks/use-agreement-gate';

/** AgreementGate asks the member to accept the current agreements when not yet accepted. */
export function AgreementGate() {
  const { t } = useTranslation();
  const { visible, agreements, accept } = useAgreementGate();
  return (
    <AppModal visible={visible} title={t('agreement.title')} footer={<Button title={t('agreement.accept')} onPress={accept} />}>
      {agreements.map((html, i) => (
        <HtmlContent key={i} html={html} />
      ))}
    </AppModal>
  );
}
