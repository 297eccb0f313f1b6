// The ads manager's actions, mounted by the page and the table.
export { useCanWrite, WriteAccessProvider } from './write-access';
export { ActionToolbar, type ActionToolbarProps, type ActionScope } from './action-toolbar';
export { RowActions } from './row-actions';
export { StatusSwitch } from './status-switch';
export { BidCell } from './bid-cell';
