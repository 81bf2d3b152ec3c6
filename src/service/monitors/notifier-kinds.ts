// service/monitors/notifier-kinds.ts: THE table of notifier kinds (OpenAPI v2 `NotifierProperties`):
// each kind's fields, which are required, which are secrets (never returned, never logged), and
// whether apldb can deliver it (a plain HTTP POST suffices) or only stores it.

/** Notifier kinds, as the keys of `properties`. */
export const NOTIFIER_KINDS = [
  'customWebhook',
  'discord',
  'discordWebhook',
  'email',
  'microsoftTeams',
  'opsgenie',
  'pagerduty',
  'slack',
  'webhook',
] as const
/** A notifier kind. */
export type NotifierKind = (typeof NOTIFIER_KINDS)[number]

/** Value kinds of a notifier field. */
export type FieldKind = 'string' | 'url' | 'bool' | 'strings' | 'headers' | 'template'

/** One kind's row. */
export interface KindDef {
  /** Field name → value kind (names as Axiom's API spells them). */
  readonly fields: Readonly<Record<string, FieldKind>>
  readonly required: readonly string[]
  /** Fields whose values are credentials: masked in every answer, kept on update when sent masked. */
  readonly secret: readonly string[]
  /** Why apldb cannot deliver this kind, or undefined when it posts to the configured URL. */
  readonly notDeliverable?: string
}

/** The table. */
export const KINDS: Readonly<Record<NotifierKind, KindDef>> = {
  customWebhook: {
    fields: { url: 'url', headers: 'headers', secretHeaders: 'headers', body: 'template' },
    required: ['url'],
    secret: ['secretHeaders'],
  },
  webhook: { fields: { url: 'url' }, required: ['url'], secret: [] },
  slack: { fields: { slackUrl: 'url' }, required: ['slackUrl'], secret: [] },
  discordWebhook: { fields: { discordWebhookUrl: 'url' }, required: ['discordWebhookUrl'], secret: [] },
  microsoftTeams: { fields: { microsoftTeamsUrl: 'url' }, required: ['microsoftTeamsUrl'], secret: [] },
  discord: {
    fields: { discordChannel: 'string', discordToken: 'string' },
    required: ['discordChannel', 'discordToken'],
    secret: ['discordToken'],
    notDeliverable: 'Discord bot delivery needs the Discord API; use a discordWebhook notifier',
  },
  email: {
    fields: { emails: 'strings' },
    required: ['emails'],
    secret: [],
    notDeliverable: 'apldb sends no email; use a webhook to a mail relay',
  },
  opsgenie: {
    fields: { apiKey: 'string', isEU: 'bool' },
    required: ['apiKey'],
    secret: ['apiKey'],
    notDeliverable: "Opsgenie delivery needs Opsgenie's API; use a customWebhook to it",
  },
  pagerduty: {
    fields: { routingKey: 'string', token: 'string' },
    required: ['routingKey'],
    secret: ['routingKey', 'token'],
    notDeliverable: "PagerDuty delivery needs PagerDuty's Events API; use a customWebhook to it",
  },
}
