import { describe, expect, it } from 'vitest';
import { emailDomainProblem } from './email-domain';

describe('sign-up e-mail domains (spec 2 §5)', () => {
  const blocked = ['gmail.com', 'mailinator.com'];

  it('refuses blocked free and temporary mail domains, subdomains and any case included', () => {
    expect(emailDomainProblem('ann@gmail.com', blocked, [])).toBe('validation.emailDomainBlocked');
    expect(emailDomainProblem('ann@Mail.MAILINATOR.com', blocked, [])).toBe(
      'validation.emailDomainBlocked',
    );
    expect(emailDomainProblem('ann@acme.io', blocked, [])).toBeUndefined();
    expect(emailDomainProblem('ann@notgmail.com', blocked, [])).toBeUndefined();
  });

  it('admits only allowlisted domains when an invite allowlist is configured', () => {
    expect(emailDomainProblem('ann@acme.io', blocked, ['acme.io'])).toBeUndefined();
    expect(emailDomainProblem('ann@other.io', blocked, ['@acme.io'])).toBe(
      'validation.emailDomainNotInvited',
    );
    expect(emailDomainProblem('ann@gmail.com', blocked, ['gmail.com'])).toBeUndefined();
  });
});
