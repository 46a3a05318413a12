import { z } from 'zod';
import { id, idParam, text } from './fields.js';
import { languageSchema } from './user.js';

// Scheduled e-mail reports (issue 27 item 1, docs/decisions/0052-scheduled-reports.md): a user
// subscribes to a report with its filters, a period kind and a schedule at a wall-clock time in
// their zone; the jobs role sends each slot once, with a short HTML summary and the .xlsx.

export const REPORT_KINDS = [
  'fleet-summary',
  'trips',
  'alerts',
  'idle',
  'safe-driving',
  'fuel',
  'maintenance',
  'faults',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The period a send covers, relative to its slot's day in the subscriber's zone. */
export const REPORT_PERIODS = ['yesterday', 'last_week', 'last_month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

export const REPORT_SEND_STATUSES = ['sending', 'retry', 'sent', 'failed'] as const;
export type ReportSendStatus = (typeof REPORT_SEND_STATUSES)[number];

/** A report's filters, as its screen holds them (empty: the whole fleet). */
export const reportFilters = z.strictObject({
  vehicles: z.array(id()).max(1000).optional(),
  groups: z.array(id()).max(200).optional(),
  /** Alert or fuel event codes. */
  codes: z.array(text().trim().min(1).max(16)).max(100).optional(),
});
export type ReportFilters = z.infer<typeof reportFilters>;

/** `HH:MM`, 24-hour. */
export const reportTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/u, 'report_time_format');

export const reportEmail = text().trim().toLowerCase().max(254).pipe(z.email('report_email'));

/** `POST /api/v2/reports/subscriptions` and `PUT …/{id}`. */
export const reportSubscriptionInput = z
  .strictObject({
    report: z.enum(REPORT_KINDS),
    filters: reportFilters.default({}),
    period: z.enum(REPORT_PERIODS),
    schedule: z.enum(REPORT_SCHEDULES),
    /** weekly: ISO weekday 1 (Monday) … 7; monthly: 1 … 31 (the month's last day when shorter). */
    scheduleDay: z.number().int().min(1).max(31).nullable().default(null),
    at: reportTime,
    recipients: z.strictObject({
      users: z.array(id()).max(50).default([]),
      addresses: z.array(reportEmail).max(50).default([]),
    }),
    language: languageSchema,
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const day = value.scheduleDay;
    if (value.schedule === 'weekly' && (day === null || day > 7))
      ctx.addIssue({ code: 'custom', path: ['scheduleDay'], message: 'report_weekday' });
    if (value.schedule === 'monthly' && day === null)
      ctx.addIssue({ code: 'custom', path: ['scheduleDay'], message: 'report_month_day' });
    if (value.recipients.users.length + value.recipients.addresses.length === 0)
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'report_no_recipient' });
  });
export type ReportSubscriptionInput = z.input<typeof reportSubscriptionInput>;
export type ReportSubscriptionBody = z.infer<typeof reportSubscriptionInput>;

/** A subscription as its owner sees it. */
export const reportSubscriptionSchema = z.object({
  id: z.number(),
  report: z.enum(REPORT_KINDS),
  filters: reportFilters,
  period: z.enum(REPORT_PERIODS),
  schedule: z.enum(REPORT_SCHEDULES),
  scheduleDay: z.number().nullable(),
  at: z.string(),
  /** The zone the time is read in: the owner's when saved. */
  timeZone: z.string(),
  recipients: z.object({ users: z.array(z.number()), addresses: z.array(z.string()) }),
  language: languageSchema,
  enabled: z.boolean(),
  nextDueAt: z.number().nullable(),
  lastSentAt: z.number().nullable(),
  /** The last send's outcome (null: never tried). */
  lastStatus: z.enum(REPORT_SEND_STATUSES).nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

/** One send of a subscription, as its log lists it. */
export const reportSendSchema = z.object({
  id: z.number(),
  slotAt: z.number(),
  status: z.enum(REPORT_SEND_STATUSES),
  manual: z.boolean(),
  attempts: z.number(),
  error: z.string().nullable(),
  sentAt: z.number().nullable(),
});
export type ReportSend = z.infer<typeof reportSendSchema>;

/** Whom a subscription may be sent to: the tenant's users with an address, and allowed addresses. */
export const reportRecipientChoices = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
  addresses: z.array(z.string()),
});
export type ReportRecipientChoices = z.infer<typeof reportRecipientChoices>;

/** `PUT /api/v2/reports/allowed-addresses` (administrators): the whole list. */
export const reportAllowedAddresses = z.strictObject({
  addresses: z.array(reportEmail).max(500),
});
export type ReportAllowedAddresses = z.infer<typeof reportAllowedAddresses>;

export const reportSubscriptionParams = z.object({ subscriptionId: idParam() });
