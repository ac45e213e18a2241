import { useRouter } from 'expo-router';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { StyleSheet, View } from 'react-native';

import { lazyWithRetry } from '@/components/lazy-boundary';
import { QueryState } from '@/components/query-state';
import { Look } from '@/components/looks';
import { contentMaxWidth, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useAfterPaint } from '@/lib/hydrated';

import { useActivateGame } from '../api/activate-game';
import { useActiveBonus } from '../api/bonus-status';
import { useReloadWallet, type GameCategory, type Slot } from '../api/get-wallet';
import { useWallet } from '../api/refresh-wallet';

import { GameAccountDialog } from './game-account-dialog';
import { GameAccountsModal } from './game-accounts-modal';
import { GameCarousel } from './game-carousel';
import { HomeWidgets } from './home-widgets';
import { TransferModal } from './transfer-modal';
import { WalletSummary } from './wallet-summary';
import { WithdrawModal } from './withdraw-modal';

// The deposit modal loads when it is first opened.
// A failed load (offline) shows a retry in a modal (lazyWithRetry).
const DepositModal = lazyWithRetry(() => import('@/features/deposit/entry').then((m) => ({ default: m.DepositModal })), { modal: true });
// Invite and refund (features/rewards, one chunk) load when opened.
const RewardFlow = lazyWithRetry(() => import('@/features/rewards/entry').then((m) => ({ default: m.RewardFlow })), { modal: true });
const InviteReceive = lazyWithRetry(() => import('@/features/rewards/entry').then((m) => ({ default: m.InviteReceive })), { modal: true });

const categories: GameCategory[] = ['slot', 'sport', 'lotto'];

type Modal = 'deposit' | 'transfer' | 'withdraw' | 'games' | 'invite' | 'refund' | 'inviteReceive' | null;

/**
 * WalletHome is the member's home: balances (refreshed from every game on load), the widgets,
 * the game carousels, and the wallet modals.
 */
export function WalletHome({ onOpenConditions }: { onOpenConditions: () => void }) {
  const { t, i18n } = useWalletT();
  const toast = useToast();
  const wallet = useWallet();
  const reload = useReloadWallet();
  const activate = useActivateGame();
  const router = useRouter();
  const [modal, setModal] = useState<Modal>(null);
  const [gameCode, setGameCode] = useState<string | null>(null);
  const data = wallet.data;
  // What only adds to the balances (the bonus caption, the spin tile's wheel) waits until they
  // have been painted: the total balance is the home's largest paint.
  const painted = useAfterPaint(!!data);
  const activeBonus = useActiveBonus(painted);

  const openGame = useCallback((slot: Slot) => {
    setModal(null);
    setGameCode(slot.code);
  }, []);

  const mutateActivate = activate.mutate;
  const activateGame = useCallback(
    (slot: Slot) => {
      const opened = async () => {
        await reload();
        setGameCode(slot.code);
      };
      mutateActivate(slot.code, {
        onSuccess: opened,
        onError: (err) => {
          if (err instanceof ApiError && err.is('SLOT_ALREADY_ACTIVE')) opened();
          else toast(errorMessage(err, i18n), 'error');
        },
      });
    },
    [mutateActivate, reload, toast, i18n],
  );

  if (!data) {
    // The shape of the home while the wallet loads: balance card, actions, game cards.
    if (wallet.isLoading) return <Look kind="skeleton" testID="wallet-skeleton" blocks={homeSkeleton} style={styles.skeleton} />;
    return <QueryState isLoading={wallet.isLoading} isError={wallet.isError} onRetry={() => wallet.refetch()} />;
  }

  const refresh = async () => {
    const result = await wallet.refetch();
    if (result.isError) toast(errorMessage(result.error, i18n), 'error');
  };

  const gameSlot = data.slots.find((s) => s.code === gameCode) ?? null;

  return (
    <View style={styles.wrap}>
      <View style={styles.narrow}>
        <WalletSummary
          data={data}
          refreshing={wallet.isFetching}
          onRefresh={refresh}
          onTransfer={() => setModal('transfer')}
          onGameAccounts={() => setModal('games')}
          onReceiveInvite={() => setModal('inviteReceive')}
        />
        <HomeWidgets
          coin={data.profile.coin ?? 0}
          onDeposit={() => setModal('deposit')}
          onWithdraw={() => setModal('withdraw')}
          onConditions={onOpenConditions}
          onBonus={() => router.push('/user/bonus')}
          onInvite={() => setModal('invite')}
          onRefund={() => setModal('refund')}
          onRefreshAll={refresh}
          spin={painted}
          activeBonus={activeBonus.data?.status ? t(`bonus.types.${activeBonus.data.type}`) : null}
        />
      </View>
      <GameSections
        slots={data.slots}
        onOpen={openGame}
        onActivate={activateGame}
        activatingCode={activate.isPending ? (activate.variables ?? null) : null}
      />
      {modal === 'deposit' ? <DepositModal visible onClose={() => setModal(null)} onDeposited={reload} /> : null}
      {modal === 'invite' || modal === 'refund' ? <RewardFlow program={modal} onClose={() => setModal(null)} onChanged={reload} /> : null}
      {modal === 'inviteReceive' ? <InviteReceive {...data.invite} onReceived={reload} onClose={() => setModal(null)} /> : null}
      <TransferModal visible={modal === 'transfer'} data={data} onClose={() => setModal(null)} onSaved={reload} />
      <WithdrawModal visible={modal === 'withdraw'} data={data} onClose={() => setModal(null)} onSaved={reload} />
      <GameAccountsModal visible={modal === 'games'} slots={data.slots} onClose={() => setModal(null)} onOpen={openGame} />
      <GameAccountDialog slot={gameSlot} onClose={() => setGameCode(null)} onSaved={reload} />
    </View>
  );
}

type SectionsProps = {
  slots: Slot[];
  onOpen: (slot: Slot) => void;
  onActivate: (slot: Slot) => void;
  activatingCode: string | null;
};

/**
 * GameSections are the three carousels. They re-render only when the games, a balance or the
 * game being opened change, not with every state of the home's queries (a refresh starting,
 * the bonus check answering): the cards are most of the home's rendering work. They render
 * right after the balances have painted (a transition), so the first paint of the home does not
 * wait for the cards, which are below the fold on a phone.
 */
const GameSections = memo(function GameSections({ slots, onOpen, onActivate, activatingCode }: SectionsProps) {
  const { t } = useWalletT();
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <>
      {categories.map((category) => (
        <GameCarousel
          key={category}
          title={t(`game.categories.${category}`)}
          slots={slots.filter((s) => s.category === category)}
          onOpen={onOpen}
          onActivate={onActivate}
          activatingCode={activatingCode}
        />
      ))}
    </>
  );
});

/** homeSkeleton is the home while the wallet loads: the balance card, the actions, two game cards. */
const homeSkeleton = [{ height: 140 }, { height: 48 }, { height: 180 }, { height: 180 }];

const styles = StyleSheet.create({
  skeleton: { padding: spacing.lg },
  wrap: { gap: spacing.xl },
  narrow: { width: '100%', maxWidth: contentMaxWidth, alignSelf: 'center', gap: spacing.lg },
});
