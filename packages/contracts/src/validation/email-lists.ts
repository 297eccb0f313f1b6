// Notification recipients of automation rules and scheduled reports (spec 2 §5): every address
// proper and without spaces, at least one team or external address, none listed twice.
import * as z from 'zod';
import { emailSchema } from './contact';

export const emailListSchema = z.array(emailSchema);

/**
 * `emails` are team members picked from a list, `externalEmails` typed by hand. The "at least one"
 * issue sits on `emails` so a form can show it under the first recipient field.
 */
export const notificationRecipientsSchema = z
  .object({ emails: emailListSchema, externalEmails: emailListSchema })
  .superRefine(({ emails, externalEmails }, ctx) => {
    if (emails.length + externalEmails.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.emailRecipientRequired',
        path: ['emails'],
      });
      return;
    }
    // Addresses are compared case-insensitively: mail systems treat them so in practice.
    const seen = new Set<string>();
    const listed = [
      ...emails.map((email, index) => ({ email, path: ['emails', index] })),
      ...externalEmails.map((email, index) => ({ email, path: ['externalEmails', index] })),
    ];
    for (const { email, path } of listed) {
      const normalised = email.toLowerCase();
      if (seen.has(normalised)) {
        ctx.addIssue({ code: 'custom', message: 'validation.emailDuplicate', path });
      }
      seen.add(normalised);
    }
  });

export type EmailList = z.infer<typeof emailListSchema>;
export type NotificationRecipients = z.infer<typeof notificationRecipientsSchema>;
