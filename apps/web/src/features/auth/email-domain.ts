import type { ValidationMessageKey } from '@tapwise/contracts';

/**
 * Why an e-mail address may not sign up (spec 2 §5), or undefined when it may. With an invite
 * allowlist configured only its domains sign up, and they do even if the blocklist names them.
 */
export function emailDomainProblem(
  email: string,
  blockedDomains: readonly string[],
  allowlist: readonly string[],
): ValidationMessageKey | undefined {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const matches = (list: readonly string[]) =>
    list.some((entry) => {
      const listed = entry.toLowerCase().replace(/^@/, '');
      return domain === listed || domain.endsWith(`.${listed}`);
    });
  if (allowlist.length > 0)
    return matches(allowlist) ? undefined : 'validation.emailDomainNotInvited';
  return matches(blockedDomains) ? 'validation.emailDomainBlocked' : undefined;
}
