import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { toastDurationMs } from '@/lib/config';

import { AppText } from './text';
import { colors, contentMaxWidth, radius, spacing } from './theme';

export type ToastType = 'success' | 'error' | 'info';
type Toast = { id: number; message: string; type: ToastType };
type ShowToast = (message: string, type?: ToastType) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** useToast returns show(message, type): a toast that disappears after 4 s. */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const show = useCallback<ShowToast>(
    (message, type = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, toastDurationMs);
      timers.current.add(timer);
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <View pointerEvents="box-none" style={styles.stack}>
        {toasts.map((toast) => (
          <Pressable
            key={toast.id}
            accessibilityRole="button"
            accessibilityLabel={t('common.dismiss')}
            onPress={() => dismiss(toast.id)}
            style={[styles.toast, styles[toast.type]]}
          >
            <AppText role={toast.type === 'error' ? 'alert' : 'status'} style={styles.text}>
              {toast.message}
            </AppText>
          </Pressable>
        ))}
      </View>
    </ToastContext.Provider>
  );
}

const styles = StyleSheet.create({
  stack: {
    position: 'absolute',
    top: spacing.xl * 2,
    left: 0,
    right: 0,
    alignItems: 'center',
    gap: spacing.sm,
    paddingHorizontal: spacing.lg,
    zIndex: 1000,
  },
  toast: {
    width: '100%',
    maxWidth: contentMaxWidth,
    borderRadius: radius.md,
    paddingHorizontal: spacing.lg,
    paddingVertical: spacing.md,
    shadowColor: colors.shadow,
    shadowOpacity: 0.2,
    shadowRadius: 6,
    shadowOffset: { width: 0, height: 2 },
    elevation: 4,
  },
  success: { backgroundColor: colors.success },
  error: { backgroundColor: colors.danger },
  info: { backgroundColor: colors.primaryDark },
  text: { color: colors.onPrimary },
});
