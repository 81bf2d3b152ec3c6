// service/monitors/webhook-requests.ts: the HTTP POST each deliverable notifier kind sends for an
// alert: Axiom's webhook payload (`{action, event: {…}}`), a custom webhook's rendered template
// with its headers and secret headers, or the chat services' incoming-webhook messages.
import { formatGoTimeString, parseRfc3339 } from '../../util/time/index.ts'
import { compileTemplate } from './go-template.ts'
import type { Alert } from './monitor-types.ts'
import type { KindConfig } from './notifier-fields.ts'
import { KINDS, type NotifierKind } from './notifier-kinds.ts'

/** One request to send. Headers may hold secrets: never log them. */
export interface WebhookRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

const JSON_HEADERS = { 'content-type': 'application/json' }

function goTime(rfc3339: string, seconds = false): string {
  const ns = parseRfc3339(rfc3339) ?? 0n
  return formatGoTimeString(seconds ? ns - (ns % 1_000_000_000n) : ns)
}

/** The variables of a custom webhook template (Axiom's docs), times in Go's `time.String()` form. */
export function templateVariables(a: Alert): Record<string, unknown> {
  return {
    Action: a.action,
    MonitorID: a.monitorId,
    Body: a.body,
    Description: a.description,
    QueryEndTime: goTime(a.queryEndTime),
    QueryStartTime: goTime(a.queryStartTime),
    Timestamp: goTime(a.timestamp, true),
    Title: a.title,
    Value: a.value,
    MatchedEvent: a.matchedEvent,
    GroupKeys: a.groupKeys.length > 0 ? a.groupKeys : null,
    GroupValues: a.groupValues.length > 0 ? a.groupValues : null,
  }
}

/** Axiom's webhook payload: what its default custom webhook template renders, as valid JSON. */
export function webhookPayload(a: Alert): string {
  const v = templateVariables(a)
  return JSON.stringify({
    action: v.Action,
    event: {
      monitorID: v.MonitorID,
      body: v.Body,
      description: v.Description,
      queryEndTime: v.QueryEndTime,
      queryStartTime: v.QueryStartTime,
      timestamp: v.Timestamp,
      title: v.Title,
      value: v.Value,
      matchedEvent: v.MatchedEvent,
      groupKeys: v.GroupKeys,
      groupValues: v.GroupValues,
    },
  })
}

function chatText(a: Alert): string {
  return `[${a.action}] ${a.title}: ${a.body}`
}

type Builder = (c: KindConfig, a: Alert) => WebhookRequest

const post = (url: unknown, body: unknown): WebhookRequest => ({
  url: String(url),
  headers: JSON_HEADERS,
  body: JSON.stringify(body),
})

/** Builders of the deliverable kinds (the kinds table says which are not). */
const BUILDERS: Readonly<Record<NotifierKind, Builder | undefined>> = {
  webhook: (c, a) => ({ url: String(c.url), headers: JSON_HEADERS, body: webhookPayload(a) }),
  customWebhook: (c, a) => ({
    url: String(c.url),
    headers: {
      ...JSON_HEADERS,
      ...(c.headers as Record<string, string> | undefined),
      ...(c.secretHeaders as Record<string, string> | undefined),
    },
    body:
      typeof c.body === 'string' ? compileTemplate(c.body).render(templateVariables(a)) : webhookPayload(a),
  }),
  slack: (c, a) => post(c.slackUrl, { text: chatText(a) }),
  discordWebhook: (c, a) => post(c.discordWebhookUrl, { content: chatText(a).slice(0, 2000) }),
  microsoftTeams: (c, a) => post(c.microsoftTeamsUrl, { text: chatText(a) }),
  discord: undefined,
  email: undefined,
  opsgenie: undefined,
  pagerduty: undefined,
}

/** The request for `kind`, or the reason apldb cannot deliver it. */
export function webhookRequest(
  kind: NotifierKind,
  config: KindConfig,
  alert: Alert,
): { request: WebhookRequest } | { notDeliverable: string } {
  const build = BUILDERS[kind]
  if (build === undefined)
    return { notDeliverable: KINDS[kind].notDeliverable ?? `${kind} is not deliverable` }
  return { request: build(config, alert) }
}
