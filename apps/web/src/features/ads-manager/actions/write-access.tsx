// Whether the member may change the ads manager (read-only members see every action disabled),
// and who they are (confirmations hidden for next time are remembered per user). Read from the
// session once per page and handed down: thousands of rows pass through the table while
// scrolling, and every session read touches browser storage.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { hasPermission } from '../../auth/session/session-access';
import { useSession } from '../../auth/session/use-session';

export interface WriteAccess {
  canWrite: boolean;
  userId: string;
}

const WriteAccessContext = createContext<WriteAccess | null>(null);

export function WriteAccessProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const access = useMemo(
    () => ({
      canWrite: hasPermission(session, 'adsManager.write'),
      userId: session?.claims.UserId ?? '',
    }),
    [session],
  );
  return <WriteAccessContext.Provider value={access}>{children}</WriteAccessContext.Provider>;
}

export function useWriteAccess(): WriteAccess {
  const access = useContext(WriteAccessContext);
  if (!access) throw new Error('useWriteAccess needs a WriteAccessProvider above it');
  return access;
}

export const useCanWrite = () => useWriteAccess().canWrite;
