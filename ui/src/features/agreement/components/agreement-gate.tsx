import { useTranslation } from 'react-i18next';

import { HtmlContent } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';

import { useAgreementGate } from '../hooks/use-agreement-gate';

/**
 * AgreementGate asks the member to accept the current agreements when not yet accepted; with
 * button it also shows a link that opens them again at any time (the home's agreement button).
 */
export function AgreementGate({ button = false }: { button?: boolean }) {
  const { t } = useTranslation();
  const { visible, agreements, accept, open } = useAgreementGate();
  return (
    <>
      {button ? <Button variant="link" title={t('agreement.title')} onPress={open} /> : null}
      <AppModal visible={visible} title={t('agreement.title')} footer={<Button title={t('agreement.accept')} onPress={accept} />}>
        {agreements.map((html, i) => (
          <HtmlContent key={i} html={html} />
        ))}
      </AppModal>
    </>
  );
}
