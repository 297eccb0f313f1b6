// Free and disposable mail providers refused at sign-up (served by auth/bl-domains): Tapwise
// accounts belong to companies, and disposable addresses cannot receive the verification link
// for long. INVITE_DOMAIN_ALLOWLIST lifts a block for a listed domain.
export const BLOCKED_EMAIL_DOMAINS = [
  '10minutemail.com',
  'aol.com',
  'discard.email',
  'dispostable.com',
  'fakeinbox.com',
  'getnada.com',
  'gmail.com',
  'gmx.com',
  'gmx.de',
  'googlemail.com',
  'guerrillamail.com',
  'hotmail.com',
  'icloud.com',
  'inbox.lv',
  'live.com',
  'mail.com',
  'mail.ru',
  'mailinator.com',
  'maildrop.cc',
  'me.com',
  'mohmal.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'qq.com',
  'sharklasers.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'yahoo.com',
  'yandex.ru',
  'yopmail.com',
] as const;

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function isBlockedDomain(email: string, allowlist: readonly string[]): boolean {
  const domain = emailDomain(email);
  if (allowlist.map((entry) => entry.toLowerCase()).includes(domain)) return false;
  return (BLOCKED_EMAIL_DOMAINS as readonly string[]).includes(domain);
}
