// User roles of spec 1 §6 and spec 2 §3.5.

export const ROLES = ['SUPERADMIN', 'ADMIN', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];
