import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notificationRecipientsSchema } from './email-lists';
import { issuesAt } from './testing';

const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,10})?$/),
    fc.stringMatching(/^[a-z]{1,10}$/),
    fc.constantFrom('com', 'org', 'de', 'io', 'co.uk'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** Distinct addresses split between the team list and the external list, at least one in all. */
const recipients = fc
  .uniqueArray(emailAddress, {
    minLength: 1,
    maxLength: 8,
    selector: (email) => email.toLowerCase(),
  })
  .chain((addresses) =>
    fc.nat({ max: addresses.length }).map((split) => ({
      emails: addresses.slice(0, split),
      externalEmails: addresses.slice(split),
    })),
  );

describe('notification recipients', () => {
  it('accepts any distinct proper addresses, team or external, as long as there is one', () => {
    fc.assert(
      fc.property(recipients, (value) => {
        expect(issuesAt(notificationRecipientsSchema, value)).toEqual([]);
      }),
    );
  });

  it('asks for at least one email or external email', () => {
    expect(issuesAt(notificationRecipientsSchema, { emails: [], externalEmails: [] })).toEqual([
      { path: ['emails'], message: 'validation.emailRecipientRequired' },
    ]);
  });

  it('refuses a space anywhere in any address and points at it', () => {
    fc.assert(
      fc.property(recipients, fc.nat(), fc.nat(), (value, pick, at) => {
        const all = [...value.emails, ...value.externalEmails];
        const index = pick % all.length;
        const address = all[index] ?? '';
        const position = at % (address.length + 1);
        all[index] = `${address.slice(0, position)} ${address.slice(position)}`;
        const split = value.emails.length;
        const path = index < split ? ['emails', index] : ['externalEmails', index - split];
        expect(
          issuesAt(notificationRecipientsSchema, {
            emails: all.slice(0, split),
            externalEmails: all.slice(split),
          }),
        ).toEqual([{ path, message: 'validation.emailHasSpaces' }]);
      }),
    );
  });

  it('refuses the same address twice, whatever its case or list', () => {
    expect(
      issuesAt(notificationRecipientsSchema, {
        emails: ['anna@example.com'],
        externalEmails: ['ANNA@example.com'],
      }),
    ).toEqual([{ path: ['externalEmails', 0], message: 'validation.emailDuplicate' }]);
  });

  it('refuses malformed addresses in either list', () => {
    expect(
      issuesAt(notificationRecipientsSchema, { emails: [], externalEmails: ['not-an-email'] }),
    ).toEqual([{ path: ['externalEmails', 0], message: 'validation.emailInvalid' }]);
  });
});
