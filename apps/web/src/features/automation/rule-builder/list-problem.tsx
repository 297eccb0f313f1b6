// The problem of a whole list (no condition, no action yet): read out as an alert, and found and
// focused like an invalid field when a refused save or backtest brings the first problem into view.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ListProblem({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="red" role="alert" tabIndex={-1} data-rule-problem>
      {children}
    </Text>
  );
}
