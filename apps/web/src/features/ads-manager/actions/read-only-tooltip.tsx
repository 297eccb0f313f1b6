// Read-only members see every action control disabled, with the reason on hover and focus.
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import { adsMessage } from './write-feedback';

export function ReadOnlyTooltip({
  canWrite,
  children,
}: {
  canWrite: boolean;
  children: ReactElement;
}) {
  if (canWrite) return children;
  return (
    <Tooltip label={adsMessage('readOnly')} events={{ hover: true, focus: true, touch: true }}>
      {/* A disabled control fires no pointer events; the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  );
}
