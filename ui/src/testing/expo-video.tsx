// A stand-in for expo-video in jest (setup.ts mocks the module with it): useVideoPlayer makes a
// FakePlayer that records play() and lets a test send the player's events; VideoView is a plain
// view carrying its props.
import { createElement, useState } from 'react';
import { View, type ViewProps } from 'react-native';

type Listener = (payload: { status: string; error?: { message: string } }) => void;

export class FakePlayer {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly play = jest.fn();
  readonly pause = jest.fn();
  constructor(readonly source: string) {}

  addListener(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return { remove: () => set.delete(listener) };
  }

  /** emit sends an event to the player's listeners, as the native player would. */
  emit(event: string, payload: Parameters<Listener>[0]) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

/** players are the players made since the last clear, newest last. */
export const players: FakePlayer[] = [];

export function useVideoPlayer(source: string, setup?: (player: FakePlayer) => void): FakePlayer {
  const [player] = useState(() => {
    const p = new FakePlayer(source);
    setup?.(p);
    players.push(p);
    return p;
  });
  return player;
}

export function VideoView(props: ViewProps & { player: FakePlayer; nativeControls?: boolean }) {
  return createElement(View, { testID: 'video-view', ...props });
}
