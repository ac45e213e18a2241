// What the console shares with the member's statement: how a line is named (docs/ui.md,
// "Structure"). The console's chunk imports it; the member routes import the statement directly.
export { depositMethodName, depositMethodOf, statementSourceName } from './line-name';
