// A button that changes something: disabled for members without the permission (read-only
// members), with the reason on hover and focus.
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { Permission } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../auth/session/session-access';
import { useSession } from '../../auth/session/use-session';

export function WriteButton({
  permission,
  onClick,
  type,
  ...props
}: ButtonProps & { permission: Permission; onClick?(): void; type?: 'submit' | 'button' }) {
  const { t } = useTranslation();
  const allowed = hasPermission(useSession(), permission);
  const button = (
    <Button
      {...props}
      type={type ?? 'button'}
      disabled={!allowed || props.disabled}
      onClick={onClick}
    />
  );
  if (allowed) return button;
  return (
    <Tooltip
      label={t('keywordAnalysis.readOnly')}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled button fires no pointer events; the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-flex' }} tabIndex={0}>
        {button}
      </span>
    </Tooltip>
  );
}
