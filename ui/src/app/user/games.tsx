import { Screen } from '@/components/screen';
import { LobbyView } from '@/features/games/entry';
import { useGamesT } from '@/features/games/i18n';

export default function GamesScreen() {
  const { t } = useGamesT();
  return (
    <Screen title={t('title')} wide>
      <LobbyView />
    </Screen>
  );
}
