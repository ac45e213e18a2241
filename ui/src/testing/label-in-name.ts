import type { ReactTestInstance } from 'react-test-renderer';

/**
 * shownText is a control's visible text as the web joins it: the texts of its blocks one after
 * the other with nothing between them (how axe's label-in-name rule reads it), so two texts that
 * do not end in a space or a line break read as one word.
 */
export function shownText(node: ReactTestInstance): string {
  return node.children.map((c) => (typeof c === 'string' ? c : shownText(c))).join('');
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * labelHasShownText tells whether a control's accessible name holds its visible text's words
 * in order (WCAG 2.5.3, label in name), parenthesised parts left out as axe does.
 */
export function labelHasShownText(node: ReactTestInstance): boolean {
  const label = ` ${words(String(node.props.accessibilityLabel ?? node.props['aria-label'] ?? '')).join(' ')} `;
  return label.includes(` ${words(shownText(node)).join(' ')} `);
}
