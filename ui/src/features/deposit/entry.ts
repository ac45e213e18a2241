// The deposit modal, which the home opens: the feature's one entry point for other features
// (docs/ui.md, "Structure"). The home imports it dynamically, so it is a chunk of its own.
export { DepositModal } from './components/deposit-modal';
