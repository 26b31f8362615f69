/**
 * Shapes shared by the partner client, the store, the poller and the bot.
 * Money is always a decimal string (see src/domain/amount.ts); never a JS number.
 */

/** The statuses the Partner API spec lists. Any other string is carried through as it is. */
export const KNOWN_STATUSES = [
  "waiting_deposit",
  "deposit_received",
  "exchanging",
  "sending",
  "success",
  "time_expired",
  "failed",
  "sending_failed",
  "reverted",
] as const;

export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/**
 * Statuses the service publishes beyond our contract (its SDK's OrderStatus, see
 * docs/partner-api.md): told in words like the known ones, though the contract does not list them.
 */
export const SERVICE_EXTRA_STATUSES = ["new", "payment_time_expired", "payment_halted"] as const;

/**
 * The `emergency` of a status record (the service's SDK): EXPIRED, the deposit came after the
 * order expired; LESS, less than ordered arrived. Any other value is carried as it is.
 */
export const EMERGENCY_KINDS = ["EXPIRED", "LESS"] as const;
/** A status string from the service: one of the known ones, or anything else it invents later. */
export type ExchangeStatus = KnownStatus | (string & {});

/** A currency of the catalog, normalised from the spec's currency entry (2.1). */
export interface Currency {
  /** Upper-case code, e.g. "BTC". */
  code: string;
  /** Minimum amount as a decimal string. */
  minAmount: string;
  /**
   * Maximum amount as a decimal string, when the service gives one (`maxamount`: real services
   * send it though the spec does not list it). Honoured exactly like the minimum.
   */
  maxAmount?: string;
  /** Empty when no tag is needed; otherwise the tag's name ("Destination tag", "MEMO"). */
  tagName: string;
  /** Network, e.g. "ERC20"; undefined when the service does not say (older variant) or says "". */
  network: string | undefined;
  /**
   * The ticker a person is shown ("USDT" for USDTBSC on BEP20), set by the catalog index from the
   * whole catalog (domain/coin-label.ts); absent on coins that did not come through it.
   */
  ticker?: string;
  /**
   * false when the service marked the currency unavailable (an extra field some services send);
   * absent means available. The catalog hides unavailable currencies.
   */
  available?: boolean;
}

/** Key currency code → codes it can be exchanged to. */
export type PairMap = Record<string, string[]>;

export interface WithdrawalFee {
  amount: string;
  currency: string;
}

/** The spec's rate result (2.3), normalised. */
export interface RateResult {
  /** The `rate` field as a decimal string. Its meaning is fixed in one place: src/domain/quote.ts. */
  rate: string;
  /** Absent in the older variant of the interface. */
  withdrawalFee: WithdrawalFee | undefined;
  /** The service's maximum for `from` when it sends one with the rate (`maxamount`). */
  maxAmount?: string;
  /**
   * The answer's `fix` (SDK, capability `fixed`): true only when the service says this quote is
   * a fixed rate. Absent when it said nothing (a service of our contract).
   */
  fixed?: boolean;
}

/** How a quote or an order is asked for when the service offers fixed rates (`fix` 1 or 0). */
export interface RateKindOption {
  /** true: `fix=1`; false: `fix=0`; absent: no `fix` sent at all (our contract). */
  fix?: boolean;
}

/**
 * The SDK's `payment/rate` (capability `receive`): what to send so that exactly `amountTo`
 * arrives. Its `rate` is the total amount of `from` to send, not a unit price.
 */
export interface PaymentQuote {
  amountTo: string;
  /** The amount of `from` to send (the answer's `rate`). */
  amountFrom: string;
  /** The service's limits of the amount to send, in `from`, when it sends them. */
  minAmount?: string;
  maxAmount?: string;
}

/** The SDK's `payment/exchange-create`: as {@link CreateExchangeParams}, with `amountTo` instead of `amount`. */
export type CreatePaymentParams = Omit<CreateExchangeParams, "amount" | "fix"> & { amountTo: string };

export interface CreateExchangeParams {
  from: string;
  to: string;
  amount: string;
  destinationAddress: string;
  destinationTag?: string;
  refundAddress: string;
  refundTag?: string;
  /** Only with the capability `fixed` (see {@link RateKindOption}); absent: no `fix` is sent. */
  fix?: boolean;
}

/**
 * One confirmation sent to exchange-create, as kept until its answer is known: who asked, and what
 * for, so that support can find an order whose answer was lost.
 */
export interface CreateAttempt {
  draftId: string;
  userId: number;
  chatId: number;
  from: string;
  to: string;
  amount: string;
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
  /**
   * How the create was asked beyond our contract (issue 22): `fix` as sent (a fixed or floating
   * rate), `amountTo` for a "receive exactly" order. Kept so that "start again" asks the same.
   */
  fix?: boolean;
  amountTo?: string;
  /** When the request was about to be sent. */
  at: string;
}

/** The spec's exchange as returned on creation (2.4). */
export interface CreatedExchange {
  id: string;
  depositAddress: string;
  depositTag: string;
}

/** The spec's exchange status record (2.5), normalised. */
export interface ExchangeStatusRecord {
  status: ExchangeStatus;
  from: string;
  to: string;
  depositAddress: string;
  depositTag: string;
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
  expectedAmountFrom: string;
  expectedAmountTo: string;
  amountFrom: string;
  /** As the service sent it: "DD.MM.YYYY HH:MM:SS". */
  date: string;
  txId: string | null;
  amountTo: string | null;
  /** The service's `emergency.status` (beyond our contract), upper-cased; absent when it sends none. */
  emergency?: string;
}

/** The Partner API as the rest of the bot sees it: one method per endpoint. */
export interface PartnerApi {
  validateAddress(currency: string, address: string): Promise<boolean>;
  rate(from: string, to: string, amount: string, options?: RateKindOption): Promise<RateResult>;
  currencies(): Promise<Currency[]>;
  pairs(): Promise<PairMap>;
  createExchange(params: CreateExchangeParams): Promise<CreatedExchange>;
  exchangeStatus(id: string): Promise<ExchangeStatusRecord>;
  /** `payment/rate` (capability `receive`; src/partner/receive-exactly.ts). Callers check the capability first. */
  paymentRate?(from: string, to: string, amountTo: string): Promise<PaymentQuote>;
  /** `payment/exchange-create` (capability `receive`). Never retried, like `createExchange`. */
  createPayment?(params: CreatePaymentParams): Promise<CreatedExchange>;
}

/** One entry of an exchange's status history, as stored. */
interface StatusChange {
  status: ExchangeStatus;
  /** ISO-8601 time the bot saw the change. */
  at: string;
}

/** An exchange as the bot stores it. */
export interface ExchangeRecord {
  id: string;
  userId: number;
  chatId: number;
  from: string;
  to: string;
  amountFrom: string;
  /** The quote shown on confirmation ("you get ≈"), as a decimal string. */
  quotedAmountTo: string;
  /**
   * What `quotedAmountTo` is (capabilities `fixed`, `receive`): "fixed", guaranteed by the
   * service if the deposit arrives in time; "exact", the amount the person asked to receive.
   * Absent: a floating estimate, as every exchange of our contract.
   */
  quoteKind?: "fixed" | "exact";
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
  depositAddress: string;
  depositTag: string;
  status: ExchangeStatus;
  statusHistory: StatusChange[];
  expectedAmountFrom?: string;
  expectedAmountTo?: string;
  amountTo?: string | null;
  txId?: string | null;
  /** ISO-8601. */
  createdAt: string;
  updatedAt: string;
  /** The last status a notification was sent for; lets a restart resend a missed notice once. */
  lastNotifiedStatus?: ExchangeStatus;
  /**
   * When the request that brought the stored status was started (ISO-8601): an answer to a
   * request started earlier is older news and is dropped, so a status never moves backwards.
   */
  statusCheckedAt?: string;
  /** The deposit instructions are in the outbox (durably); they are never queued twice. */
  instructionsQueued?: boolean;
  /** Message id of the live order card in the chat. */
  cardMessageId?: number;
  /**
   * The coins as the catalog named them when the exchange was created ("USDT · BEP20",
   * domain/coin-label.ts), for the card and notices; absent on older records, which show codes.
   */
  labels?: { from: string; to: string };
  /** The service's `emergency.status` as last seen (EXPIRED, LESS); absent when it sent none. */
  emergency?: string;
  /**
   * The person's answer to a late deposit (payment/emergency), written durably before the call is
   * made, so that a second press, a crash or a restart never sends it again nor sends the other.
   */
  lateDeposit?: LateDepositChoice;
  /** Extra bookkeeping for the poller (next check time, failures, flags). */
  tracking?: {
    nextCheckAt?: string;
    consecutiveFailures?: number;
    notFoundCount?: number;
    stoppedReason?: string;
  };
}

/**
 * A late-deposit choice as stored: `sending` once claimed (durable before the request leaves),
 * `sent` when the service accepted it, `in-doubt` when its answer was lost (support confirms).
 */
export interface LateDepositChoice {
  choice: "continue" | "refund";
  /** Where a refund goes (the refund address given at the start, unless the person gave another). */
  refundAddress?: string;
  refundTag?: string;
  state: "sending" | "sent" | "in-doubt";
  /** ISO-8601: when the person chose. */
  at: string;
  /** Who claimed it: a press tells its own claim from an earlier one. */
  claim: string;
}

/** A Telegram user as the bot remembers them. */
export interface UserRecord {
  id: number;
  firstName: string;
  username?: string;
  /** Chosen with /language; undefined means "follow Telegram's language". */
  languageCode?: string;
  /** Telegram's language_code, last seen. */
  telegramLanguageCode?: string;
  blocked: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
}
