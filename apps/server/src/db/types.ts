import type { Generated } from 'kysely';

/** 0/1 in both engines, so that rows look the same on SQLite and PostgreSQL. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: Generated<string>;
  fio: Generated<string>;
  phone: Generated<string>;
  birthday: string | null;
  sex: Generated<string>;
  education: Generated<string>;
  university: Generated<string>;
  course: Generated<string>;
  group_header: Generated<string>;
  training_form: Generated<string>;
  is_telegram_contact: Generated<Flag>;
  is_viber_contact: Generated<Flag>;
  is_whatsapp_contact: Generated<Flag>;
  telegram: Generated<string>;
  sms_delivery: Generated<Flag>;
  email_delivery: Generated<Flag>;
  unisender_status_id: Generated<number>;
  diplom_half_price_id: Generated<number>;
  diplom_hp_popup: Generated<Flag>;
  created_at: string;
  /** Null until the customer proved they own `email`. */
  email_confirmed_at: string | null;
  /** 1 while the password is one the server made up and e-mailed only to `email` (migration 021). */
  password_mailed: Generated<Flag>;
  /** Marketing attribution at registration (migration 018): the tracking cookies. */
  referrer: string | null;
  landing: string | null;
  campaign: string | null;
  affiliate_uid: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  successor_enc: string | null;
  revoked_at: string | null;
}

export interface LoginCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type OneTimeTokenKind =
  | 'password_reset'
  | 'auto_login'
  | 'social_pending'
  | 'email_change'
  /** The registration link that proves the address; payload: the address it was sent to. */
  | 'email_confirm'
  /** A social sign-in waiting for its typed address to be proved; payload: JSON of the sign-in. */
  | 'social_email'
  /** The link to the old address that stops a requested e-mail change. */
  | 'email_change_cancel'
  /** The registration mail's «not me» link (ADR 025); payload: the address it was sent to. */
  | 'registration_cancel';

export interface OneTimeTokensTable {
  id: Generated<number>;
  kind: OneTimeTokenKind;
  token_hash: string;
  user_id: number | null;
  payload: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  subject: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export type MailStatus = 'pending' | 'sending' | 'failed';

/** Mail waiting for delivery (migration 007); a sent row is deleted. */
export interface MailQueueTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The worker holding a `sending` row, and since when: a lease that runs out. */
  claimed_by: string | null;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A browser's push subscription (migration 026, ADR 044). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The browser's ECDH public key and auth secret, base64url as the browser gives them. */
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

/** One push for one subscription, waiting to be delivered (as `mail_queue` is). */
export interface PushQueueTable {
  id: Generated<number>;
  subscription_id: number;
  /** The JSON the browser's service worker receives: `{ title, body, url }`. */
  payload: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** The Telegram chat a customer's notifications go to (migration 028, ADR 046). */
export interface TelegramLinksTable {
  user_id: number;
  /** Telegram's chat id, as text: it may pass 2^53 in the future, Telegram warns. */
  chat_id: string;
  linked_at: string;
}

/** A deep link's one-time code, hashed (SHA-256, base64url). */
export interface TelegramLinkCodesTable {
  code_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One Telegram message waiting to be sent (as `mail_queue` is). */
export interface TelegramQueueTable {
  id: Generated<number>;
  user_id: number;
  chat_id: string;
  /** The notification, as a push's JSON `{ title, body, url }`: the text is written when sent. */
  payload: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** When a customer was last pushed about a key (an order's chat). */
export interface PushThrottleTable {
  user_id: number;
  key: string;
  sent_at: string;
}

/** A customer's choice for an event kind and a channel, where it differs from the default. */
export interface NotificationSettingsTable {
  user_id: number;
  event: string;
  channel: string;
  enabled: number;
}

export interface WorkTypesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Kopecks. */
  price_per_page: number;
  min_pages: number;
  typical_pages: number;
  min_days: number;
  sort: number;
}

export interface OrderPacketsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  discount_percent: number;
  sort: number;
}

export interface OrderPacketItemsTable {
  packet_id: number;
  position: number;
  work_type_id: number;
  pages: number;
}

export interface SubjectGroupsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  sort: number;
}

export interface SubjectsTable {
  id: Generated<number>;
  group_id: number;
  title: string;
  sort: number;
}

export interface UniversitiesTable {
  id: Generated<number>;
  title: string;
  short_title: string;
  city: string;
  /** `|short|title|city`, each normalised by the contract's normalizeSearchText. */
  search_key: string;
  sort: number;
}

export interface VerificationSystemsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  price_factor_percent: number;
  sort: number;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status_id: Generated<number>;
  /** A draft: the order form saved as the customer types. */
  is_fake: Generated<Flag>;
  is_trash: Generated<Flag>;
  /** The status to go back to on restore; set while the order is in the trash (status 16). */
  trashed_from_status: number | null;
  work_type_id: number | null;
  subject_id: number | null;
  topic: Generated<string>;
  university_id: number | null;
  /** A calendar day, YYYY-MM-DD. */
  deadline: string | null;
  pages: number | null;
  originality: number | null;
  verification_system_id: number | null;
  requirements: Generated<string>;
  /** JSON array of URLs. */
  links: Generated<string>;
  /** On an order, the code that was applied; on a draft, whatever the customer typed. */
  promo_code: string | null;
  /** Kopecks: before discounts, the discount, and what is to be paid. */
  cost: Generated<number>;
  discount: Generated<number>;
  price: Generated<number>;
  is_first_order: Generated<Flag>;
  /** The placed packet (order_packets_placed.id). */
  packet_id: number | null;
  created_at: string;
  updated_at: string;
  /** The author working on it (staff_users.id, role performer). */
  performer_id: number | null;
  /** Kopecks paid so far. */
  paid: Generated<number>;
  /** End of the guarantee, set by the first final file. */
  guarantee_until: string | null;
  /** Marketing attribution when the order was placed (migration 018). */
  referrer: string | null;
  landing: string | null;
  campaign: string | null;
  affiliate_uid: string | null;
}

/** The discounts an order was placed with, and what each gives at its present price (migration 023, ADR 027). */
export interface OrderDiscountsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  kind: 'first_order' | 'packet' | 'promo';
  name: string;
  rule: 'percent' | 'fixed';
  /** Percent, or kopecks for 'fixed'. */
  value: number;
  /** Kopecks taken off the present cost; an order's amounts add up to its `discount`. */
  amount: number;
}

export interface OrderPacketsPlacedTable {
  id: Generated<number>;
  user_id: number;
  packet_id: number;
  created_at: string;
}

/** Placed orders (drafts aside) per customer and status; kept by triggers on `orders` (migration 004). */
export interface OrderCountsTable {
  user_id: number;
  status_id: number;
  n: number;
}

/** Changes with every write to the customer's orders (migration 005). */
export interface OrderListVersionsTable {
  user_id: number;
  version: number;
}

/**
 * The orders list's read model (migration 009): a placed order's list item, its JSON written by
 * triggers; null when only the app writes it exactly.
 */
export interface OrderListItemsTable {
  user_id: number;
  id: number;
  status_id: number;
  is_trash: number;
  item: string | null;
}

/** A list item's text between its id and `"title"`, per status, trashed (1) or not (migration 009). */
export interface OrderListHeadsTable {
  status_id: number;
  is_trash: number;
  head: string;
}

/** ajax: uploaded, not attached yet; customer / without_qc: the customer's; intermediate / final: the author's. */
export type OrderFileKind = 'customer' | 'without_qc' | 'ajax' | 'intermediate' | 'final' | 'report';

export interface OrderFilesTable {
  id: Generated<number>;
  order_id: number | null;
  user_id: number;
  kind: OrderFileKind;
  original_name: string;
  stored_name: string;
  size: number;
  mime: string;
  created_at: string;
  /** The staff member who uploaded it (an author's or manager's file), else null. */
  staff_id: Generated<number | null>;
  /** A received file the customer has marked reviewed. */
  is_reviewed: Generated<Flag>;
  /** The rework or care message it came with (thread_messages.id). */
  thread_message_id: Generated<number | null>;
  /** The chat message it was sent with (chat_messages.id). */
  chat_message_id: Generated<number | null>;
  /** A final file uploaded while this rework was open: part of its answer (ADR 015). */
  rework_id: Generated<number | null>;
  /** A `report` file: the originality the checking system measured, %; null on other files. */
  originality_percent: Generated<number | null>;
}

export interface PromoCodesTable {
  id: Generated<number>;
  /** Upper case. */
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent, or kopecks for 'fixed'. */
  value: number;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
}

export type StaffRoleName = 'manager' | 'performer';

/** Managers and authors, apart from customers (migration 008). */
export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: StaffRoleName;
  /** Display name shown to customers and colleagues. */
  name: string;
  is_active: Generated<Flag>;
  created_at: string;
  /** «О себе», shown on the author's page (migration 025). */
  about: Generated<string>;
}

/** The reference subjects a staff member writes (migration 025). */
export interface StaffSubjectsTable {
  staff_id: number;
  subject_id: number;
}

/** A customer's review of an order's author, one per order (migration 025). */
export interface AuthorReviewsTable {
  id: Generated<number>;
  order_id: number;
  author_id: number;
  user_id: number;
  rating: number;
  text: Generated<string>;
  created_at: string;
  updated_at: string;
  /** Set when a manager hid it; a hidden review is not counted nor shown to customers. */
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by: number | null;
}

export interface StaffRefreshTokensTable {
  id: Generated<number>;
  staff_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  /** The successor, encrypted under this token (migration 010): the grace window's answer. */
  successor_enc: Generated<string | null>;
  revoked_at: string | null;
}

export type ActorRoleName = 'customer' | 'manager' | 'performer' | 'system';

/** The order's timeline: one row per event (`TIMELINE_KINDS`), `data` as JSON. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  actor_role: ActorRoleName;
  staff_id: number | null;
  data: Generated<string>;
  created_at: string;
}

export interface ReworksTable {
  id: Generated<number>;
  order_id: number;
  number: number;
  state: Generated<'open' | 'answered'>;
  comment: string;
  wished_date: string | null;
  created_at: string;
  answered_at: string | null;
  customer_seen_at: string | null;
}

export interface CareRequestsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'question' | 'complaint';
  state: Generated<'open' | 'answered' | 'closed'>;
  subject: string;
  created_at: string;
  updated_at: string;
  customer_seen_at: string | null;
}

export interface ThreadMessagesTable {
  id: Generated<number>;
  order_id: number;
  thread: 'rework' | 'care';
  thread_id: number;
  author_role: 'customer' | 'manager' | 'performer';
  staff_id: number | null;
  text: string;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  order_id: number;
  author_role: 'customer' | 'manager' | 'performer';
  staff_id: number | null;
  /** 'customer' or `staff:${id}`. */
  sender_key: string;
  client_id: string;
  text: string;
  created_at: string;
}

export interface ChatReadsTable {
  order_id: number;
  /** 'customer' or `staff:${id}`. */
  reader_key: string;
  user_id: number | null;
  staff_id: number | null;
  last_read_id: Generated<number>;
  unread: Generated<number>;
  pending_since: string | null;
  digest_up_to_id: Generated<number>;
}

/** A balanced set of ledger entries (migration 012): one money movement. */
export interface LedgerTxnsTable {
  id: Generated<number>;
  kind: string;
  user_id: number | null;
  payment_id: number | null;
  order_id: number | null;
  title: Generated<string>;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  txn_id: number;
  /** `customer_money:{user}`, `customer_bonus:{user}`, `revenue`, `provider_clearing`, … */
  account: string;
  /** Signed kopecks; a txn's entries sum to zero. */
  amount: number;
}

export interface LedgerBalancesTable {
  account: string;
  balance: Generated<number>;
}

export type PaymentRowStatus = 'pending' | 'succeeded' | 'canceled';

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'order' | 'packet' | 'tip' | 'replenish' | 'certificate';
  object_id: number | null;
  title: string;
  amount: number;
  bonus: Generated<number>;
  refunded: Generated<number>;
  payment_method: string | null;
  status: PaymentRowStatus;
  provider: string | null;
  provider_payment_id: string | null;
  confirmation_url: string | null;
  /** JSON: what settling must do. */
  data: Generated<string>;
  created_at: string;
  paid_at: string | null;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  status_code: number | null;
  /** JSON of the first answer; null while it is being made. */
  response: string | null;
  created_at: string;
}

export interface VerificationsTable {
  user_id: number;
  purpose: string;
  phone: string | null;
  status: 'unverified' | 'requested' | 'verified';
  code_hash: string | null;
  code_sent_at: string | null;
  tries: Generated<number>;
  verified_at: string | null;
}

export interface PayoutsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'repayment' | 'claim';
  amount: number;
  status: PaymentRowStatus;
  data: Generated<string>;
  provider_payout_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: string;
}

export interface TestBankPaymentsTable {
  id: string;
  payment_id: number;
  amount: number;
  description: string;
  method: string;
  return_url: string;
  idempotence_key: string;
  status: 'pending' | 'succeeded' | 'canceled';
  refunded: Generated<number>;
  created_at: string;
}

export interface ContentSpacesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** JSON array of the space's blocks (contract `SpaceBlockSchema`). */
  blocks: string;
  created_at: string;
}

export interface FaqItemsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  /** Question and answer folded by `foldForSearch`. */
  search_text: string;
  position: number;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  text: string;
  image: string | null;
  href: string;
  position: number;
}

/** A stored image of a customer's current avatar, one per size (migration 014). */
export interface AvatarFilesTable {
  stored_name: string;
  user_id: number;
  size: number;
  bytes: number;
  created_at: string;
}

/** Every avatar image in the storage, pointed to or not (the sweep finds the orphans). */
export interface AvatarObjectsTable {
  stored_name: string;
  created_at: string;
}

/** The UI session store: one JSON object per customer. */
export interface ProfileSessionsTable {
  user_id: number;
  data: Generated<string>;
  updated_at: string;
}

/** Phone callback requests. */
export interface CallbacksTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  time: string;
  comment: Generated<string>;
  status: Generated<'pending' | 'done'>;
  created_at: string;
  done_at: string | null;
  done_by: number | null;
}

/** Gift certificates (migration 016). */
export interface CertificatesTable {
  id: Generated<number>;
  /** The buyer. */
  user_id: number;
  /** Kopecks. */
  value: number;
  /** 16 Crockford base32 characters, without dashes. */
  code: string;
  status: 'awaiting_payment' | 'active' | 'redeemed' | 'expired';
  payment_id: number | null;
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  redeemed_at: string | null;
  redeemed_by: number | null;
  redeemed_order_id: number | null;
}

/** Personal referral codes (migration 017). */
export interface ReferralCodesTable {
  user_id: number;
  /** 8 Crockford base32 characters. */
  code: string;
  created_at: string;
}

/** Who brought whom, and the reward for the friend's first paid order (migration 017). */
export interface ReferralsTable {
  id: Generated<number>;
  referrer_id: number;
  referred_id: number;
  /** Kopecks promised to each side. */
  reward: number;
  registered_at: string;
  rewarded_at: string | null;
  reward_payment_id: number | null;
  referrer_txn_id: number | null;
  referred_txn_id: number | null;
}

/** Invitations sent by e-mail or SMS (migration 017). */
export interface InvitesTable {
  id: Generated<number>;
  user_id: number;
  channel: 'email' | 'sms';
  /** The lower-case e-mail, or the phone as users.phone stores it. */
  recipient: string;
  sent_at: string;
}

export interface DB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_codes: LoginCodesTable;
  one_time_tokens: OneTimeTokensTable;
  social_accounts: SocialAccountsTable;
  outbox: OutboxTable;
  mail_queue: MailQueueTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  push_throttle: PushThrottleTable;
  notification_settings: NotificationSettingsTable;
  telegram_links: TelegramLinksTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_queue: TelegramQueueTable;
  work_types: WorkTypesTable;
  order_packets: OrderPacketsTable;
  order_packet_items: OrderPacketItemsTable;
  subject_groups: SubjectGroupsTable;
  subjects: SubjectsTable;
  universities: UniversitiesTable;
  verification_systems: VerificationSystemsTable;
  orders: OrdersTable;
  order_packets_placed: OrderPacketsPlacedTable;
  order_discounts: OrderDiscountsTable;
  order_counts: OrderCountsTable;
  order_list_versions: OrderListVersionsTable;
  order_list_items: OrderListItemsTable;
  order_list_heads: OrderListHeadsTable;
  order_files: OrderFilesTable;
  promo_codes: PromoCodesTable;
  staff_users: StaffUsersTable;
  staff_refresh_tokens: StaffRefreshTokensTable;
  staff_subjects: StaffSubjectsTable;
  author_reviews: AuthorReviewsTable;
  order_events: OrderEventsTable;
  reworks: ReworksTable;
  care_requests: CareRequestsTable;
  thread_messages: ThreadMessagesTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  ledger_txns: LedgerTxnsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_balances: LedgerBalancesTable;
  payments: PaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  verifications: VerificationsTable;
  payouts: PayoutsTable;
  sms_outbox: SmsOutboxTable;
  test_bank_payments: TestBankPaymentsTable;
  profile_sessions: ProfileSessionsTable;
  callbacks: CallbacksTable;
  content_spaces: ContentSpacesTable;
  faq_items: FaqItemsTable;
  banners: BannersTable;
  avatar_files: AvatarFilesTable;
  avatar_objects: AvatarObjectsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  invites: InvitesTable;
  certificates: CertificatesTable;
}
