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
export type ChatPayload = {
  message?: string;
  buttons?: { title: string; type?: string; payload?: string }[];
  quick_replies?: { title: string; type?: string; payload?: string }[];
  cards?: { image_url?: string; title: string; subtitle?: string; buttons?: { title: string; type?: string; payload?: string }[] }[];
  url?: string;
  fileType?: string;
  filePath?: string;
  name?: string;
  title?: string;
  payload?: string;
};

export type ChatMessage = {
  _id: string;
  room: string;
  sender: 'customer' | 'agent' | 'system' | string;
  message: { message_type: string; payload: ChatPayload };
  createdAt: string;
  operator?: string;
  /** The spec's conversation item fields: the member's login session and device, phone and name. */
  session_id?: string;
  username?: string;
  name?: string;
  deviceToken?: string;
};

export type ChatButton = { title: string; type?: string; payload?: string };
export type ChatCard = { image_url?: string; title: string; subtitle?: string; buttons?: ChatButton[] };

export type Conversation = {
  room: string;
  memberId?: string;
  guestId?: string;
  name?: string;
  phone?: string;
  status: 'open' | 'closed';
  assignedTo: string;
  waitingSince: string | null;
  lastMessageAt: string;
  unread?: number;
  /** last is the newest message (inbox only). */
  last?: ChatMessage['message'];
  customerReadAt?: string | null;
};

/** Canned is an operators' canned reply of one console language. */
export type Canned = {
  id: string;
  lang: 'th' | 'la' | 'en';
  title: string;
  body: string;
  position: number;
  updatedBy: string;
  updatedAt: string;
};
export type CannedInput = Pick<Canned, 'lang' | 'title' | 'body'> & { position?: number };
