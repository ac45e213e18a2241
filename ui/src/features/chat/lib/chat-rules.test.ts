import {
  canSend,
  capText,
  chatLimits,
  checkAttachment,
  confirmSent,
  isScrolledUp,
  isSendKey,
  mergeItems,
  serverCount,
  type ChatItem,
} from './chat-rules';

const text = (message: string) => ({ message_type: 'text', payload: { message } });

describe('chat rules', () => {
  it.each([
    [{ key: 'Enter' }, true],
    [{ key: 'Enter', shiftKey: true }, false],
    [{ key: 'Enter', ctrlKey: true }, false],
    [{ key: 'Enter', altKey: true }, false],
    [{ key: 'Enter', metaKey: true }, false],
    [{ key: 'a' }, false],
  ])('send key %o → %s', (e, want) => {
    expect(isSendKey(e)).toBe(want);
  });

  it('sends only non-blank text, capped at 2000 characters', () => {
    expect(canSend('  \n ')).toBe(false);
    expect(canSend(' hi ')).toBe(true);
    expect(Array.from(capText('ก'.repeat(2100)))).toHaveLength(chatLimits.maxText);
    expect(capText('short')).toBe('short');
  });

  it.each([
    ['photo.PNG', 1, { ok: true, kind: 'image' }],
    ['photo.jpeg', 10 * 1024 * 1024, { ok: true, kind: 'image' }],
    ['photo.jpg', 10 * 1024 * 1024 + 1, { ok: false, error: 'fileTooLarge', limitMb: 10 }],
    ['clip.mov', 20 * 1024 * 1024, { ok: true, kind: 'video' }],
    ['clip.mp4', 20 * 1024 * 1024 + 1, { ok: false, error: 'fileTooLarge', limitMb: 20 }],
    ['noextension', 1, { ok: false, error: 'fileNotSupported' }],
    ['trailing.', 1, { ok: false, error: 'fileNotSupported' }],
    ['image.svg', 1, { ok: false, error: 'fileNotSupported' }],
  ])('attachment %s of %d bytes', (name, size, want) => {
    expect(checkAttachment(name, size)).toEqual(want);
  });

  it('shows the banner only more than 60 px above the end', () => {
    expect(isScrolledUp({ offsetY: 440, contentHeight: 1000, viewHeight: 500 })).toBe(false);
    expect(isScrolledUp({ offsetY: 439, contentHeight: 1000, viewHeight: 500 })).toBe(true);
  });

  it('merges pages and live events without duplicates, in time order', () => {
    const a: ChatItem = { _id: 'a', sender: 'agent', message: text('a'), createdAt: '2026-01-01T00:00:01Z' };
    const b: ChatItem = { _id: 'b', sender: 'customer', message: text('b'), createdAt: '2026-01-01T00:00:02Z' };
    expect(mergeItems([b], [a, b]).map((x) => x._id)).toEqual(['a', 'b']);
  });

  it('a live event answering a local echo replaces it, and the send answer does not add it again', () => {
    const echo: ChatItem = { localId: 'l1', sender: 'customer', message: text('hi'), createdAt: '2026-01-01T00:00:09Z', state: 'sending' };
    const live: ChatItem = { _id: 'x', sender: 'customer', message: text('hi'), createdAt: '2026-01-01T00:00:05Z' };
    let list = mergeItems([echo], [live]);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: 'x', state: 'succeed', createdAt: '2026-01-01T00:00:05Z' });
    list = confirmSent(list, 'l1', 'x', '2026-01-01T00:00:05Z');
    expect(list).toHaveLength(1);
    expect(serverCount(list)).toBe(1);
  });

  it('the send answer gives the echo its createdAt', () => {
    const echo: ChatItem = { localId: 'l1', sender: 'customer', message: text('hi'), createdAt: '2026-01-01T00:00:09Z', state: 'sending' };
    const list = confirmSent([echo], 'l1', 'y', '2026-01-01T00:00:03Z');
    expect(list[0]).toMatchObject({ _id: 'y', createdAt: '2026-01-01T00:00:03Z', state: 'succeed' });
  });
});
