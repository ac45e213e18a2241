// Answers of the operator API, aliases of the types generated from adapters/httpapi/openapi.yaml.
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type CountAmount = Schemas['CountAmount'];

export type Dashboard = Schemas['Dashboard'];

export type MemberRow = Schemas['MemberRow'];

export type MemberDetail = Schemas['MemberDetail'];

export type StatementLine = Schemas['StatementLine'];

export type Withdrawal = Schemas['PendingWithdrawal'];

/** withdrawalId reads the id whichever name the server gives it. */
export const withdrawalId = (w: Withdrawal) => (w.id ?? w._id ?? '') as string;

export type Adjustment = Schemas['Adjustment'];

/**
 * missing is there for the member-facing texts only, which are kept per language ({th, la, en}):
 * the languages without a translation (members reading them get the Thai text).
 */
export type Setting = Schemas['Setting'];

/** OperatorBank is one bank of GET /api/operator/banks (inactive ones included). */
export type OperatorBank = Schemas['OperatorBank'];

export type Game = Schemas['Game'];

export type Transfer = Schemas['Transfer'];

export type ReportDay = Schemas['ReportDay'];

export type AuditEntry = Schemas['AuditEntry'];

export type OperatorRow = Schemas['OperatorRow'];

export type Credentials = Schemas['Credentials'];

/** A change that waits for a second owner (GET /api/operator/changes): the summary never holds a secret. */
export type PendingChange = Schemas['PendingChange'];

/** The 202 answer of a change one owner proposed. */
export type Proposal = Schemas['Proposal'];

export function isProposal(answer: unknown): answer is Proposal {
  return (
    !!answer && typeof answer === 'object' && (answer as { message?: unknown }).message === 'SECOND_APPROVAL_REQUIRED' && 'change' in answer
  );
}

/** The support chat's wire shapes (docs/api.md, operator API, support chat). */
export type ChatMessage = Schemas['OperatorChatItem'];

export type ChatPayload = ChatMessage['message']['payload'];

export type ChatButton = Schemas['ChatButton'];

export type ChatCard = NonNullable<ChatPayload['cards']>[number];

export type Conversation = Schemas['Conversation'];

/** Canned is an operators' canned reply of one console language. */
export type Canned = Schemas['Canned'];

export type CannedInput = Schemas['CannedInput'];

export type SeamlessAggregator = Schemas['SeamlessAggregator'];

export type SeamlessProviderFigures = Schemas['SeamlessProviderFigures'];

export type SeamlessWindow = Schemas['SeamlessWindow'];

export type SeamlessRound = Schemas['SeamlessRound'];

/** SeamlessCatalogueGame is a game of the aggregators' synced catalogue, with the operator's enabled and sort. */
export type SeamlessCatalogueGame = Schemas['SeamlessCatalogueGame'];

/** SeamlessCatalogueSync is an aggregator's last catalogue sync on this node. */
export type SeamlessCatalogueSync = Schemas['SeamlessCatalogueSync'];

/** Payout is an approved withdrawal's automatic payout (GET /api/operator/payouts). */
export type Payout = Schemas['Payout'];

export type PayoutStatus = Payout['status'];
