import { AppText } from '@/components/ui/text';

import type { SeamlessCatalogueSync } from '../../api/types';
import { when } from '../ui';
import { useOpT } from '../../i18n';

/** SyncLine says how an aggregator's last catalogue sync went and, after a failure, how old the lobby's list of it is. */
export function SyncLine({ sync }: { sync: SeamlessCatalogueSync | undefined }) {
  const { t } = useOpT();
  if (!sync) return <AppText variant="caption">{t('catalogue.notSynced')}</AppText>;
  if (!sync.error)
    return (
      <AppText variant="caption">
        {t('catalogue.synced', { at: when(sync.at), count: sync.games, added: sync.added, updated: sync.updated, removed: sync.removed })}
      </AppText>
    );
  return (
    <AppText variant="caption" role="alert">
      {t('catalogue.syncFailed', { at: when(sync.at), error: sync.error, ok: when(sync.okAt) })}
    </AppText>
  );
}
