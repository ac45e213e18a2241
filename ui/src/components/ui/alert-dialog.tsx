import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button';
import { AppModal } from './modal';
import { AppText } from './text';

type AlertRequest = { title?: string; message: string };
type ShowAlert = (request: AlertRequest) => void;

const AlertContext = createContext<ShowAlert>(() => undefined);

/** useAlert shows a dialog with a title (the generic error word unless given) and OK. */
export function useAlert(): ShowAlert {
  return useContext(AlertContext);
}

export function AlertProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<AlertRequest | null>(null);
  const show = useCallback<ShowAlert>((request) => setCurrent(request), []);
  const close = () => setCurrent(null);
  const value = useMemo(() => show, [show]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      <AppModal
        visible={current !== null}
        title={current?.title ?? t('common.error')}
        onClose={close}
        footer={<Button title={t('common.ok')} onPress={close} />}
      >
        <AppText role="alert">{current?.message}</AppText>
      </AppModal>
    </AlertContext.Provider>
  );
}
